import { defineEndpoints, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ASSISTANT_PATHS } from './assistant.paths.js';
import { ZChatRequestSchema, ZChatResponseSchema, ZConversationSchema, ZInsightsResponseSchema, ZMeetingBriefSchema } from './chat.schemas.js';

export const ASSISTANT_ENDPOINTS = defineEndpoints(ASSISTANT_PATHS, {
  chat: {
    summary: 'Ask the assistant a question about the V2MOM data',
    tag: 'assistant',
    access: 'session',
    body: ZChatRequestSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZChatResponseSchema },
  },
  chatInsights: {
    summary: 'Insights about the current V2MOM data (empty body)',
    tag: 'assistant',
    access: 'session',
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZInsightsResponseSchema },
  },
  getMeetingBrief: {
    summary: 'The brief for the coming COO meeting: what moved, what went At Risk, the obstacles open longest and the missing check-ins since the meeting before, each linking to its item',
    tag: 'assistant',
    access: 'session',
    rule: 'Those who may open the COO View (the admin role)',
    responses: { ...SESSION_READ_RESPONSES, 200: ZMeetingBriefSchema },
  },
  chatConversation: {
    summary: "The signed-in user's conversation with the assistant, oldest message first",
    tag: 'assistant',
    access: 'session',
    rule: 'Only your own conversation',
    responses: { ...SESSION_READ_RESPONSES, 200: ZConversationSchema },
  },
  clearChatConversation: {
    summary: "Clears the signed-in user's conversation with the assistant",
    tag: 'assistant',
    access: 'session',
    rule: 'Only your own conversation',
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZConversationSchema },
  },
});
