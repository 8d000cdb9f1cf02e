import { withOperationIds } from '../api/route-table.js';

export const COMMENT_PATHS = /* @__PURE__ */ withOperationIds({
  listThreadComments: { method: 'GET', path: '/api/threads/{subject}/{id}/comments' },
  createComment: { method: 'POST', path: '/api/threads/{subject}/{id}/comments' },
  updateComment: { method: 'PATCH', path: '/api/comments/{id}' },
  deleteComment: { method: 'DELETE', path: '/api/comments/{id}' },
  resolveObstacleThread: { method: 'PUT', path: '/api/threads/obstacle/{id}/resolved' },
  getComment: { method: 'GET', path: '/api/comments/{id}' },
  listCommentReplies: { method: 'GET', path: '/api/comments/{id}/replies' },
  getV2momCommentCounts: { method: 'GET', path: '/api/v2moms/{id}/comment-counts' },
  getCommentCounts: { method: 'GET', path: '/api/comment-counts' },
});
