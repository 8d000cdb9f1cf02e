import { defineEndpoints, RULE_SETTINGS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZMessageResponseSchema } from '../common/fields.schemas.js';
import {
  ZCreatedWebhookSchema,
  ZCreateWebhookSchema,
  ZUpdateWebhookSchema,
  ZWebhookDeliveryListSchema,
  ZWebhookDeliveryParamsSchema,
  ZWebhookDeliverySchema,
  ZWebhookListSchema,
  ZWebhookParamsSchema,
  ZWebhookSchema,
} from './webhook.schemas.js';
import { WEBHOOK_PATHS } from './webhooks.paths.js';

/** Signed webhooks (docs/PRODUCT.md#webhooks): settings holders make, change and watch them. */
export const WEBHOOK_ENDPOINTS = defineEndpoints(WEBHOOK_PATHS, {
  listWebhooks: {
    summary: 'Every webhook, oldest first, never its secret',
    tag: 'webhooks',
    access: 'session',
    rule: RULE_SETTINGS,
    responses: { ...SESSION_READ_RESPONSES, 200: ZWebhookListSchema },
  },
  createWebhook: {
    summary: 'Make a webhook: a URL that is not a loopback, private or link-local address, and the events it wants; its signing secret is in this answer only',
    tag: 'webhooks',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZCreateWebhookSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZCreatedWebhookSchema },
  },
  updateWebhook: {
    summary: "Change a webhook's URL, description or events, or turn it on or off (409 on a stale version)",
    tag: 'webhooks',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZWebhookParamsSchema,
    body: ZUpdateWebhookSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZWebhookSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  deleteWebhook: {
    summary: 'Delete a webhook and its delivery log; what it had not delivered is never sent',
    tag: 'webhooks',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZWebhookParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema },
  },
  listWebhookDeliveries: {
    summary: "A webhook's latest deliveries, newest first: event, status, attempts, last response code",
    tag: 'webhooks',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZWebhookParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZWebhookDeliveryListSchema, 404: ZErrorBodySchema },
  },
  sendTestWebhook: {
    summary: 'Queue a signed test message to the webhook now',
    tag: 'webhooks',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZWebhookParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZWebhookDeliverySchema, 404: ZErrorBodySchema },
  },
  redeliverWebhook: {
    summary: 'Send a delivery again now, under the same webhook-id',
    tag: 'webhooks',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZWebhookDeliveryParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZWebhookDeliverySchema, 404: ZErrorBodySchema },
  },
});
