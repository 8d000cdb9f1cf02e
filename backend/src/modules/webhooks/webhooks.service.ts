import { randomBytes } from 'node:crypto';
import { ref, type EntityManager } from '@mikro-orm/core';
import {
  WEBHOOK_DELIVERY_LOG_SIZE,
  WEBHOOK_TEST_EVENT,
  type TCreatedWebhook,
  type TCreateWebhook,
  type TMessageResponse,
  type TUpdateWebhook,
  type TWebhook,
  type TWebhookDelivery,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../admin/audit.service.js';
import { found } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import { queueDeliveries } from './queue-deliveries.js';
import { checkWebhookUrl } from './webhook-address.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import { now } from '../../server-clock.js';

/** Signed webhooks (docs/PRODUCT.md#webhooks): what settings holders make, change and watch. */

/** What the service needs of the server's settings. */
export interface WebhookSettings {
  allowPrivate: boolean;
}

/** 24 random bytes, as the Standard Webhooks libraries take a secret. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

function toDto(webhook: Webhook): TWebhook {
  const creator = webhook.createdBy?.getEntity();
  return {
    id: webhook.id,
    url: webhook.url,
    description: webhook.description,
    events: webhook.events,
    enabled: webhook.enabled,
    disabledReason: webhook.disabledReason ?? null,
    createdAt: webhook.createdAt.toISOString(),
    createdBy: creator ? userRef(creator) : null,
    version: webhook.version,
  };
}

function deliveryDto(delivery: WebhookDelivery): TWebhookDelivery {
  return {
    id: delivery.id,
    messageId: delivery.messageId,
    event: delivery.event,
    status: delivery.status,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    responseCode: delivery.responseCode ?? null,
    attempts: delivery.attempts,
    lastError: delivery.lastError ?? null,
  };
}

/** How the audit log names a webhook. */
const subjectOf = (webhook: Webhook) => (webhook.description ? `${webhook.description} (${webhook.url})` : webhook.url);

const findWebhook = async (em: EntityManager, id: number) => found(await em.findOne(Webhook, id, { populate: ['createdBy'] }), 'Webhook');

/** GET /api/admin/webhooks: oldest first. */
export async function listWebhooks(em: EntityManager): Promise<TWebhook[]> {
  const webhooks = await em.find(Webhook, {}, { populate: ['createdBy'], orderBy: { id: 'asc' } });
  return webhooks.map(toDto);
}

/** POST /api/admin/webhooks: a URL that may be reached, a new secret answered this once; made and shown, both audited. */
export async function createWebhook(em: EntityManager, actor: User, input: TCreateWebhook, settings: WebhookSettings): Promise<TCreatedWebhook> {
  await checkWebhookUrl(input.url, settings.allowPrivate);
  return em.transactional(async (tx) => {
    const secret = newSecret();
    const webhook = tx.create(Webhook, {
      url: input.url,
      description: input.description,
      events: [...new Set(input.events)],
      secret,
      enabled: true,
      disabledReason: null,
      failingSince: null,
      createdAt: now(),
      createdBy: ref(actor),
    });
    recordAudit(tx, { action: 'webhook.created', actor, subject: subjectOf(webhook), after: { url: webhook.url, events: webhook.events } });
    recordAudit(tx, { action: 'webhook.secret_shown', actor, subject: subjectOf(webhook) });
    await tx.flush();
    return { ...toDto(webhook), secret };
  });
}

/** PATCH /api/admin/webhooks/{id}: turning one on again clears its run of failures. */
export async function updateWebhook(em: EntityManager, id: number, { version, ...input }: TUpdateWebhook, settings: WebhookSettings): Promise<TWebhook> {
  if (input.url !== undefined) await checkWebhookUrl(input.url, settings.allowPrivate);
  return em.transactional(async (tx) => {
    const webhook = await findWebhook(tx, id);
    if (webhook.version !== version) throw new AppError('conflict', 'This webhook was changed since you opened it: reload and try again');
    if (input.url !== undefined) webhook.url = input.url;
    if (input.description !== undefined) webhook.description = input.description;
    if (input.events !== undefined) webhook.events = [...new Set(input.events)];
    if (input.enabled !== undefined && input.enabled !== webhook.enabled) {
      webhook.enabled = input.enabled;
      webhook.disabledReason = null;
      webhook.failingSince = null;
    }
    await tx.flush();
    return toDto(webhook);
  });
}

/** DELETE /api/admin/webhooks/{id}: its deliveries go with it, audited. */
export async function deleteWebhook(em: EntityManager, actor: User, id: number): Promise<TMessageResponse> {
  return em.transactional(async (tx) => {
    const webhook = await findWebhook(tx, id);
    recordAudit(tx, { action: 'webhook.deleted', actor, subject: subjectOf(webhook), before: { url: webhook.url, events: webhook.events } });
    tx.remove(webhook);
    await tx.flush();
    return { message: 'Webhook deleted' };
  });
}

/** GET /api/admin/webhooks/{id}/deliveries: the latest, newest first. */
export async function listWebhookDeliveries(em: EntityManager, id: number): Promise<TWebhookDelivery[]> {
  await findWebhook(em, id);
  const deliveries = await em.find(WebhookDelivery, { webhook: id }, { orderBy: { id: 'desc' }, limit: WEBHOOK_DELIVERY_LOG_SIZE });
  return deliveries.map(deliveryDto);
}

/** POST /api/admin/webhooks/{id}/test: a signed test message, due now, whatever events the webhook wants. */
export async function sendTestWebhook(em: EntityManager, actor: User, id: number): Promise<TWebhookDelivery> {
  return em.transactional(async (tx) => {
    const webhook = await findWebhook(tx, id);
    const [deliveryId] = await queueDeliveries(tx, WEBHOOK_TEST_EVENT, { webhookId: webhook.id, sentBy: actor.id }, [webhook]);
    return deliveryDto(found(await tx.findOne(WebhookDelivery, deliveryId ?? 0), 'Delivery'));
  });
}

/** POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver: due now again, same id and body. */
export async function redeliverWebhook(em: EntityManager, id: number, deliveryId: number): Promise<TWebhookDelivery> {
  return em.transactional(async (tx) => {
    const delivery = found(await tx.findOne(WebhookDelivery, { id: deliveryId, webhook: id }), 'Delivery');
    delivery.status = 'waiting';
    delivery.nextAttemptAt = now();
    delivery.claimedUntil = null;
    await tx.flush();
    return deliveryDto(delivery);
  });
}
