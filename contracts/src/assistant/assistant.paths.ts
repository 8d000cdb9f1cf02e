import type { TRouteTable } from '../api/route-table.js';

export const ASSISTANT_PATHS = {
  chat: { method: 'POST', path: '/api/chat' },
  chatInsights: { method: 'POST', path: '/api/chat/insights' },
  chatConversation: { method: 'GET', path: '/api/chat/conversation' },
  getMeetingBrief: { method: 'GET', path: '/api/meeting-brief' },
  clearChatConversation: { method: 'DELETE', path: '/api/chat/conversation' },
} as const satisfies TRouteTable;
