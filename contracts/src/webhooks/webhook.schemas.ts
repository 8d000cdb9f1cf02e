import { z } from 'zod';
import { ZIdParamSchema, ZIdParamsSchema, ZIdSchema, ZIsoDateTimeSchema, ZUserRefSchema, ZVersionSchema } from '../common/fields.schemas.js';

/**
 * Signed webhooks (docs/PRODUCT.md#webhooks): what a receiver may ask to be told of, each by the
 * `type` its deliveries carry.
 */
export const WEBHOOK_EVENTS = [
  'method.checked_in',
  'method.status_changed',
  'obstacle.added',
  'obstacle.resolved',
  'comment.posted',
  'quarter_review.completed',
  'v2mom.published',
] as const;
export const ZWebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type TWebhookEvent = z.infer<typeof ZWebhookEventSchema>;

/** What "Send test" delivers: no receiver asks for it, each one gets it on request. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const ZWebhookDeliveryEventSchema = z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]);
export type TWebhookDeliveryEvent = z.infer<typeof ZWebhookDeliveryEventSchema>;

/** How Settings names each event. */
export const WEBHOOK_EVENT_LABELS: Record<TWebhookDeliveryEvent, string> = {
  'method.checked_in': 'Check-in',
  'method.status_changed': 'Status change',
  'obstacle.added': 'Obstacle added',
  'obstacle.resolved': 'Obstacle resolved',
  'comment.posted': 'Comment',
  'quarter_review.completed': 'Quarter review',
  'v2mom.published': 'V2MOM published',
  'webhook.test': 'Test',
};

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Deliveries the log lists, newest first. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 50;

const ZWebhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Give an http or https URL' })
  .max(WEBHOOK_URL_MAX, `A URL has at most ${WEBHOOK_URL_MAX} characters`);

const ZWebhookEventsSchema = z.array(ZWebhookEventSchema).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length);
const ZWebhookDescriptionSchema = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `A description has at most ${WEBHOOK_DESCRIPTION_MAX} characters`);

/** A webhook as Settings lists it: never its secret, which only its creation answers. */
export const ZWebhookSchema = z.object({
  id: ZIdSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEventSchema),
  enabled: z.boolean(),
  /** Why it stopped on its own (failing for days); null while enabled or turned off by hand. */
  disabledReason: z.string().nullable(),
  createdAt: ZIsoDateTimeSchema,
  createdBy: ZUserRefSchema.nullable(),
  version: ZVersionSchema,
});
export type TWebhook = z.infer<typeof ZWebhookSchema>;
export const ZWebhookListSchema = z.array(ZWebhookSchema);

/** POST /api/admin/webhooks. */
export const ZCreateWebhookSchema = z.strictObject({
  url: ZWebhookUrlSchema,
  description: ZWebhookDescriptionSchema.default(''),
  events: ZWebhookEventsSchema,
});
export type TCreateWebhook = z.infer<typeof ZCreateWebhookSchema>;

/** PATCH /api/admin/webhooks/{id}: what changes, on the version it was based on. */
export const ZUpdateWebhookSchema = z.strictObject({
  version: ZVersionSchema,
  url: ZWebhookUrlSchema.optional(),
  description: ZWebhookDescriptionSchema.optional(),
  events: ZWebhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateWebhook = z.infer<typeof ZUpdateWebhookSchema>;

/** The created webhook with its signing secret (`whsec_…`), shown this once. */
export const ZCreatedWebhookSchema = ZWebhookSchema.extend({ secret: z.string() });
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhookSchema>;

/** Waiting for its first try or its next one, delivered (a 2xx answer), or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['waiting', 'retrying', 'delivered', 'failed'] as const;
export const ZWebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type TWebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatusSchema>;
/** How Settings names a delivery's or a Slack and Teams post's status. */
export const DELIVERY_STATUS_LABELS: Record<TWebhookDeliveryStatus, string> = { waiting: 'Waiting', retrying: 'Retrying', delivered: 'Delivered', failed: 'Failed' };

/** One message to one webhook, with its last attempt. */
export const ZWebhookDeliverySchema = z.object({
  id: ZIdSchema,
  /** The `webhook-id` it is sent under, the same on every attempt. */
  messageId: z.string(),
  event: ZWebhookDeliveryEventSchema,
  status: ZWebhookDeliveryStatusSchema,
  createdAt: ZIsoDateTimeSchema,
  lastAttemptAt: ZIsoDateTimeSchema.nullable(),
  nextAttemptAt: ZIsoDateTimeSchema.nullable(),
  responseCode: z.number().int().nullable(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDeliverySchema>;
export const ZWebhookDeliveryListSchema = z.array(ZWebhookDeliverySchema);

export const ZWebhookParamsSchema = ZIdParamsSchema;
export const ZWebhookDeliveryParamsSchema = z.object({ id: ZIdParamSchema, deliveryId: ZIdParamSchema });
