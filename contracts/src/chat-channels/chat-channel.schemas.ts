import { z } from 'zod';
import { ZIdParamsSchema, ZIdSchema, ZIsoDateTimeSchema, ZUserRefSchema, ZVersionSchema } from '../common/fields.schemas.js';
import { ZWebhookDeliveryStatusSchema } from '../webhooks/webhook.schemas.js';

/**
 * Slack and Teams channels (docs/PRODUCT.md#slack-and-teams): an incoming webhook of a channel,
 * for the company or one department, and the kinds of posts it wants.
 */
export const CHAT_KINDS = ['slack', 'teams'] as const;
export const ZChatKindSchema = z.enum(CHAT_KINDS);
export type TChatKind = z.infer<typeof ZChatKindSchema>;

export const CHAT_KIND_LABELS: Record<TChatKind, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

/** `Slack for the company`, `Microsoft Teams for Sales`: how the tab and the audit log name a channel. */
export function chatChannelName(channel: { kind: TChatKind; department: { name: string } | null }): string {
  return `${CHAT_KIND_LABELS[channel.kind]} for ${channel.department ? channel.department.name : 'the company'}`;
}

export const CHAT_POST_KINDS = ['check_in_reminder', 'meeting_digest', 'method_at_risk', 'mentioned'] as const;
export const ZChatPostKindSchema = z.enum(CHAT_POST_KINDS);
export type TChatPostKind = z.infer<typeof ZChatPostKindSchema>;

/** What "Send test" posts: no channel asks for it, each gets it on request. */
export const CHAT_TEST_POST = 'test';
export const ZChatPostEventSchema = z.enum([...CHAT_POST_KINDS, CHAT_TEST_POST]);
export type TChatPostEvent = z.infer<typeof ZChatPostEventSchema>;

/** How Settings names each kind of post. */
export const CHAT_POST_LABELS: Record<TChatPostEvent, string> = {
  check_in_reminder: 'Check-in reminders',
  meeting_digest: 'Meeting digest',
  method_at_risk: 'Method went At Risk',
  mentioned: 'Mentions',
  test: 'Test',
};

export const CHAT_URL_MAX = 2000;
/** Posts a channel's log lists, newest first. */
export const CHAT_POST_LOG_SIZE = 20;

const ZChatUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Give an http or https URL' })
  .max(CHAT_URL_MAX, `A URL has at most ${CHAT_URL_MAX} characters`);
const ZChatPostKindsSchema = z.array(ZChatPostKindSchema).min(1, 'Choose at least one kind of post').max(CHAT_POST_KINDS.length);

/**
 * The URL is a secret (anyone holding it may post in the channel): only its scheme, host and last
 * four characters are ever answered.
 */
export function maskChatUrl(url: string): string {
  const origin = /^[a-z]+:\/\/[^/?#]+/i.exec(url)?.[0] ?? '';
  return `${origin}/…${url.slice(-4)}`;
}

/** One post to one channel, with its last attempt. */
export const ZChatPostSchema = z.object({
  id: ZIdSchema,
  event: ZChatPostEventSchema,
  /** As a webhook's delivery: waiting, retrying, delivered or failed. */
  status: ZWebhookDeliveryStatusSchema,
  createdAt: ZIsoDateTimeSchema,
  lastAttemptAt: ZIsoDateTimeSchema.nullable(),
  responseCode: z.number().int().nullable(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
});
export type TChatPost = z.infer<typeof ZChatPostSchema>;
export const ZChatPostListSchema = z.array(ZChatPostSchema);

/** A channel as Settings lists it: its URL masked, with its latest post. */
export const ZChatChannelSchema = z.object({
  id: ZIdSchema,
  kind: ZChatKindSchema,
  /** null: the company's channel. */
  department: z.object({ id: ZIdSchema, name: z.string() }).nullable(),
  maskedUrl: z.string(),
  posts: z.array(ZChatPostKindSchema),
  createdAt: ZIsoDateTimeSchema,
  createdBy: ZUserRefSchema.nullable(),
  lastPost: ZChatPostSchema.nullable(),
  version: ZVersionSchema,
});
export type TChatChannel = z.infer<typeof ZChatChannelSchema>;
export const ZChatChannelListSchema = z.array(ZChatChannelSchema);

/** POST /api/chat-channels. */
export const ZCreateChatChannelSchema = z.strictObject({
  kind: ZChatKindSchema,
  departmentId: ZIdSchema.nullable(),
  url: ZChatUrlSchema,
  posts: ZChatPostKindsSchema,
});
export type TCreateChatChannel = z.infer<typeof ZCreateChatChannelSchema>;

/** PATCH /api/chat-channels/{id}: a new URL (the old one is never shown) or other posts, on the version read. */
export const ZUpdateChatChannelSchema = z.strictObject({
  version: ZVersionSchema,
  url: ZChatUrlSchema.optional(),
  posts: ZChatPostKindsSchema.optional(),
});
export type TUpdateChatChannel = z.infer<typeof ZUpdateChatChannelSchema>;

export const ZChatChannelParamsSchema = ZIdParamsSchema;
