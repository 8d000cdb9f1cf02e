import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { TWebhookDeliveryEvent } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { now } from '../../server-clock.js';

/** A Standard Webhooks message id: unique per message, kept across its attempts. */
const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * A delivery of `event` to each enabled webhook that wants it (or to the one `webhookId`, wanted
 * or not: a test), in the caller's transaction. The body is `{ type, timestamp, data }`. Answers
 * the ids written.
 */
export async function queueDeliveries(em: EntityManager, event: TWebhookDeliveryEvent, data: Record<string, unknown>, webhookId?: number): Promise<number[]> {
  const receivers = await selectRows(em, (db) =>
    db
      .selectFrom('webhook')
      .select('id')
      .$if(webhookId === undefined, (query) => query.where('enabled', '=', true).where((eb) => eb(eb.val(event), '=', eb.fn.any('events'))))
      .$if(webhookId !== undefined, (query) => query.where('id', '=', webhookId ?? 0)),
  );
  if (receivers.length === 0) return [];
  const at = now();
  const payload = JSON.stringify({ type: event, timestamp: at.toISOString(), data });
  return em.insertMany(
    WebhookDelivery,
    receivers.map(({ id }) => ({ webhook: id, messageId: newMessageId(), event, payload, status: 'waiting' as const, attempts: 0, nextAttemptAt: at, createdAt: at })),
  );
}
