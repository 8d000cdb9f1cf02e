import { withOperationIds } from '../api/route-table.js';

export const CHAT_PATHS = /* @__PURE__ */ withOperationIds({
  listChatChannels: { method: 'GET', path: '/api/chat-channels' },
  createChatChannel: { method: 'POST', path: '/api/chat-channels' },
  updateChatChannel: { method: 'PATCH', path: '/api/chat-channels/{id}' },
  deleteChatChannel: { method: 'DELETE', path: '/api/chat-channels/{id}' },
  listChatPosts: { method: 'GET', path: '/api/chat-channels/{id}/posts' },
  sendTestChatPost: { method: 'POST', path: '/api/chat-channels/{id}/test' },
});
