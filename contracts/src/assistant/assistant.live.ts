import { z } from 'zod';
import { wellFormedText } from '../common/fields.schemas.js';
import { ZChatMessageSchema } from './chat.schemas.js';
import { CHAT_HISTORY_LENGTH, CHAT_QUERY_MAX } from './chat.rules.js';

/**
 * The assistant on the live socket (docs/PRODUCT.md#assistant): a question (or a request for
 * insights) is acknowledged with the id of the reply it starts; the reply then arrives as
 * `assistant:delta` events in `seq` order, closed by one `assistant:done` or `assistant:error`.
 * Every event goes to the socket that asked, and only to it.
 */

/** Text is sent at most this often per reply: never one event per character or token. */
export const ASSISTANT_DELTA_INTERVAL_MS = 40;

export const ZReplyIdSchema = z.uuid();
export type TReplyId = z.infer<typeof ZReplyIdSchema>;

/** `assistant:ask`: the question and the conversation's last messages, oldest first. */
export const ZAskAssistantCommandSchema = z.strictObject({
  question: wellFormedText().trim().min(1, 'Enter a question').max(CHAT_QUERY_MAX),
  history: z.array(ZChatMessageSchema).max(CHAT_HISTORY_LENGTH).default([]),
});
export type TAskAssistantCommand = z.input<typeof ZAskAssistantCommandSchema>;

/**
 * `assistant:insights`: a short digest of where the organisation stands. `keep`: the digest joins
 * the user's kept conversation (the chat's Get Insights), rather than only the dashboard card.
 */
export const ZAssistantInsightsCommandSchema = z.strictObject({ keep: z.boolean().default(false) });
export type TAssistantInsightsCommand = z.input<typeof ZAssistantInsightsCommandSchema>;

/**
 * `assistant:brief`: the brief for the coming COO meeting (docs/PRODUCT.md#meeting-brief), streamed
 * as a reply; only for those who may open the COO View. Never joins the conversation. `regenerate`:
 * written afresh from the data now, never the kept text, and read again by everyone else showing it.
 */
export const ZMeetingBriefCommandSchema = z.strictObject({ regenerate: z.boolean().default(false) });
export type TMeetingBriefCommand = z.input<typeof ZMeetingBriefCommandSchema>;

/** `assistant:stop`: ends a reply mid-stream; its upstream request is cancelled. */
export const ZStopAssistantCommandSchema = z.strictObject({ replyId: ZReplyIdSchema });
export type TStopAssistantCommand = z.infer<typeof ZStopAssistantCommandSchema>;

/** What `assistant:ask`, `assistant:insights` and `assistant:brief` acknowledge: the id every event of the reply carries. */
export const ZAssistantReplyStartedSchema = z.object({ replyId: ZReplyIdSchema });
export type TAssistantReplyStarted = z.infer<typeof ZAssistantReplyStartedSchema>;

/** The next piece of a reply's text; `seq` counts from 0 without gaps. */
export const ZAssistantDeltaEventSchema = z.object({
  replyId: ZReplyIdSchema,
  seq: z.number().int().nonnegative(),
  text: z.string().min(1),
});
export type TAssistantDeltaEvent = z.infer<typeof ZAssistantDeltaEventSchema>;

/** The reply is over: all of it was sent, or it was stopped and what was sent is all there is. */
export const ZAssistantDoneEventSchema = z.object({
  replyId: ZReplyIdSchema,
  reason: z.enum(['complete', 'stopped']),
});
export type TAssistantDoneEvent = z.infer<typeof ZAssistantDoneEventSchema>;

/** The reply failed; `message` is the text the chat shows in its place (never the cause). */
export const ZAssistantErrorEventSchema = z.object({ replyId: ZReplyIdSchema, message: z.string() });
export type TAssistantErrorEvent = z.infer<typeof ZAssistantErrorEventSchema>;
