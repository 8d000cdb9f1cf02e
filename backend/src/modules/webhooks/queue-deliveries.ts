import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { TWebhookDeliveryEvent } from '@v2mom/contracts';
import type { Receiver } from './enabled-webhooks.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { now } from '../../server-clock.js';

/** A Standard Webhooks message id: unique per message, kept across its attempts. */
const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * A delivery of `event` to each of `receivers` (the enabled webhooks that want it, or one webhook
 * for a test), in the caller's transaction. The body is `{ type, timestamp, data }`. Answers the
 * ids written.
 */
export async function queueDeliveries(em: EntityManager, event: TWebhookDeliveryEvent, data: Record<string, unknown>, receivers: readonly Receiver[]): Promise<number[]> {
  if (receivers.length === 0) return [];
  const at = now();
  const payload = JSON.stringify({ type: event, timestamp: at.toISOString(), data });
  return em.insertMany(
    WebhookDelivery,
    receivers.map(({ id }) => ({ webhook: id, messageId: newMessageId(), event, payload, status: 'waiting' as const, attempts: 0, nextAttemptAt: at, createdAt: at })),
  );
}
