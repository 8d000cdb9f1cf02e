import { withOperationIds } from '../api/route-table.js';

export const ASSISTANT_PATHS = /* @__PURE__ */ withOperationIds({
  chat: { method: 'POST', path: '/api/chat' },
  chatInsights: { method: 'POST', path: '/api/chat/insights' },
  chatConversation: { method: 'GET', path: '/api/chat/conversation' },
  getMeetingBrief: { method: 'GET', path: '/api/meeting-brief' },
  clearChatConversation: { method: 'DELETE', path: '/api/chat/conversation' },
});
