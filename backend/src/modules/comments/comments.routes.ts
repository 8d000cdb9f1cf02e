import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import type { Live } from '../../realtime/live.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import type { CommentPostLimit } from './comment-post-limit.js';
import {
  commentCounts,
  createComment,
  deleteComment,
  listThreadComments,
  readComment,
  resolveObstacleThread,
  updateComment,
  v2momCommentCounts,
  type ThreadChange,
} from './comments.service.js';

/** Every open thread learns of a committed write at once (docs/PRODUCT.md#comments). */
function told<T>(live: Live, actor: User, { result, change }: { result: T; change: ThreadChange }): T {
  live.commentChanged({ ...change, actor: userRef(actor) });
  return result;
}

export function commentsRoutes(router: ApiRouter, postLimit: CommentPostLimit): void {
  route(router, API_ENDPOINTS.listThreadComments, ({ em, params, query }) => listThreadComments(em, params, query));
  route(router, API_ENDPOINTS.getComment, ({ em, params }) => readComment(em, params.id));
  route(router, API_ENDPOINTS.getV2momCommentCounts, ({ em, params }) => v2momCommentCounts(em, params.id));
  route(router, API_ENDPOINTS.getCommentCounts, ({ em }) => commentCounts(em));
  route(router, API_ENDPOINTS.createComment, async ({ em, live, user, params, body }) => {
    await postLimit.admit(user.id);
    return told(live, user, await createComment(em, user, params, body));
  });
  route(router, API_ENDPOINTS.updateComment, async ({ em, live, user, params, body }) => told(live, user, await updateComment(em, user, params.id, body)));
  route(router, API_ENDPOINTS.deleteComment, async ({ em, live, user, params, query }) =>
    told(live, user, { result: { message: 'Comment deleted' }, change: await deleteComment(em, user, params.id, query.version) }),
  );
  route(router, API_ENDPOINTS.resolveObstacleThread, async ({ em, live, user, params, body }) =>
    told(live, user, await resolveObstacleThread(em, user, params.id, body.resolved)),
  );
}
