import { z } from 'zod';
import { wellFormedText, ZIsoDateTimeSchema } from '../common/fields.schemas.js';
import { CHAT_HISTORY_LENGTH, CHAT_MESSAGE_MAX, CHAT_QUERY_MAX } from './chat.rules.js';

const CHAT_ROLES = ['user', 'assistant'] as const;
export const ZChatRoleSchema = z.enum(CHAT_ROLES);
export type TChatRole = z.infer<typeof ZChatRoleSchema>;

export const ZChatMessageSchema = z.object({
  role: ZChatRoleSchema,
  content: wellFormedText().max(CHAT_MESSAGE_MAX),
  timestamp: ZIsoDateTimeSchema,
});
export type TChatMessage = z.infer<typeof ZChatMessageSchema>;

/** POST /api/chat */
export const ZChatRequestSchema = z.object({
  query: wellFormedText().trim().min(1, 'Enter a question').max(CHAT_QUERY_MAX),
  conversationHistory: z.array(ZChatMessageSchema).max(CHAT_HISTORY_LENGTH).default([]),
});
export type TChatRequest = z.infer<typeof ZChatRequestSchema>;
export type TChatRequestInput = z.input<typeof ZChatRequestSchema>;

export const ZChatResponseSchema = z.object({ response: z.string() });
export type TChatResponse = z.infer<typeof ZChatResponseSchema>;

/** POST /api/chat/insights (empty body). */
export const ZInsightsResponseSchema = z.object({ insights: z.string() });
export type TInsightsResponse = z.infer<typeof ZInsightsResponseSchema>;

/**
 * GET /api/meeting-brief (docs/PRODUCT.md#meeting-brief): the brief for the COO meeting at
 * `meetingAt`, from what happened since `since` (the meeting before), in markdown whose links go to
 * the items it names; `writer` says whether the configured model or the built-in analyst wrote it.
 */
export const ZMeetingBriefSchema = z.object({
  meetingAt: z.iso.datetime(),
  since: z.iso.datetime(),
  writer: z.enum(['model', 'analyst']),
  text: z.string(),
});
export type TMeetingBrief = z.infer<typeof ZMeetingBriefSchema>;

/** A kept message: `cut` marks an assistant reply that ended before it was whole (stopped, dropped or failed). */
export const ZConversationMessageSchema = ZChatMessageSchema.extend({ cut: z.boolean() });
export type TConversationMessage = z.infer<typeof ZConversationMessageSchema>;

/** GET and DELETE /api/chat/conversation: the messages kept for the user, oldest first. */
export const ZConversationSchema = z.object({ messages: z.array(ZConversationMessageSchema) });
export type TConversation = z.infer<typeof ZConversationSchema>;
