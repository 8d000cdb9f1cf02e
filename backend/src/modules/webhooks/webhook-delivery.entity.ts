import { defineEntity, p } from '@mikro-orm/core';
import { WEBHOOK_DELIVERY_STATUSES, ZWebhookDeliveryEventSchema } from '@v2mom/contracts';
import { Webhook } from './webhook.entity.js';
import { now } from '../../server-clock.js';

/**
 * One message to one webhook (docs/PRODUCT.md#webhooks), written in the transaction of the write
 * it tells of, and sent by the delivery job: claimed by one deliverer at a time, retried with
 * backoff, kept with its last answer for the log.
 */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  indexes: [
    {
      // The deliverer's question: which messages are due now, oldest first.
      name: 'webhook_delivery_due_index',
      expression: `create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at", "id") where "status" in ('waiting', 'retrying')`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    webhook: () => p.manyToOne(Webhook).ref().deleteRule('cascade').index(),
    /** The `webhook-id` header, the same on every attempt and on a redelivery. */
    messageId: p.string().length(64),
    event: p.enum(ZWebhookDeliveryEventSchema.options),
    /** The body, signed as it is stored. */
    payload: p.text(),
    status: p.enum(WEBHOOK_DELIVERY_STATUSES).default('waiting'),
    attempts: p.integer().default(0),
    responseCode: p.integer().nullable(),
    lastError: p.text().nullable(),
    /** When it is due; null once delivered or given up. */
    nextAttemptAt: p.datetime().nullable(),
    /** A deliverer holds it until then; past it, a deliverer that died mid-send has let it go. */
    claimedUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    lastAttemptAt: p.datetime().nullable(),
  },
});

export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);
