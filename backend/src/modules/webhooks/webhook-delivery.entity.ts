import { defineEntity, p } from '@mikro-orm/core';
import { ZWebhookDeliveryEventSchema } from '@v2mom/contracts';
import { attemptProperties } from './attempt.properties.js';
import { Webhook } from './webhook.entity.js';

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
    ...attemptProperties,
  },
});

export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);
