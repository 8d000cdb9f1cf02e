import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import type { Live } from '../../realtime/live.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { userRef } from '../users/user-ref.js';
import type { CommentPostLimit } from './comment-post-limit.js';
import {
  commentCounts,
  createComment,
  deleteComment,
  listCommentReplies,
  listThreadComments,
  readCommentAs,
  resolveObstacleThread,
  updateComment,
  v2momCommentCounts,
  type ThreadWrite,
} from './comments.service.js';

/**
 * Every socket with the thread open learns of a committed write at once; a post or a deletion,
 * which changes the thread's count, also tells every signed-in socket the new count (docs/PRODUCT.md#comments).
 */
function told<T>(live: Live, actor: SignedInUser, { result, change }: ThreadWrite<T>, { counted }: { counted: boolean }): T {
  live.commentChanged({ ...change, actor: userRef(actor) });
  if (counted) live.threadCounted(change.thread);
  return result;
}

export function commentsRoutes(router: ApiRouter, postLimit: CommentPostLimit): void {
  route(router, API_ENDPOINTS.listThreadComments, ({ em, user, params, query }) => listThreadComments(em, user, params, query));
  route(router, API_ENDPOINTS.getComment, ({ em, user, params }) => readCommentAs(em, user, params.id));
  route(router, API_ENDPOINTS.listCommentReplies, ({ em, user, params, query }) => listCommentReplies(em, user, params.id, query));
  route(router, API_ENDPOINTS.getV2momCommentCounts, ({ em, user, params }) => v2momCommentCounts(em, user, params.id));
  route(router, API_ENDPOINTS.getCommentCounts, ({ em, user }) => commentCounts(em, user));
  route(router, API_ENDPOINTS.createComment, async ({ em, live, user, params, body }) => {
    await postLimit.admit(user.id);
    return told(live, user, await createComment(em, user, params, body), { counted: true });
  });
  // An edit counts as a post: it sends a new text to everyone who has the thread open.
  route(router, API_ENDPOINTS.updateComment, async ({ em, live, user, params, body }) => {
    await postLimit.admit(user.id);
    return told(live, user, await updateComment(em, user, params.id, body), { counted: false });
  });
  route(router, API_ENDPOINTS.deleteComment, async ({ em, live, user, params, query }) =>
    told(live, user, { result: { message: 'Comment deleted' }, change: await deleteComment(em, user, params.id, query.version) }, { counted: true }),
  );
  route(router, API_ENDPOINTS.resolveObstacleThread, async ({ em, live, user, params, body }) =>
    told(live, user, await resolveObstacleThread(em, user, params.id, body.resolved), { counted: false }),
  );
}
