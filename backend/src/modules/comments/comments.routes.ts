import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import type { CommentPostLimit } from './comment-post-limit.js';
import { createComment, deleteComment, listThreadComments, resolveObstacleThread, updateComment } from './comments.service.js';

export function commentsRoutes(router: ApiRouter, postLimit: CommentPostLimit): void {
  route(router, API_ENDPOINTS.listThreadComments, ({ em, params, query }) => listThreadComments(em, params, query));
  route(router, API_ENDPOINTS.createComment, async ({ em, user, params, body }) => {
    await postLimit.admit(user.id);
    return createComment(em, user, params, body);
  });
  route(router, API_ENDPOINTS.updateComment, ({ em, user, params, body }) => updateComment(em, user, params.id, body));
  route(router, API_ENDPOINTS.deleteComment, async ({ em, user, params, query }) => {
    await deleteComment(em, user, params.id, query.version);
    return { message: 'Comment deleted' };
  });
  route(router, API_ENDPOINTS.resolveObstacleThread, ({ em, user, params, body }) => resolveObstacleThread(em, user, params.id, body.resolved));
}
