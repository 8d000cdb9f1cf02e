import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TRepliesPage, TThreadSubject } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

function getReplies(commentId: number, cursor: string | null, signal?: AbortSignal): Promise<TRepliesPage> {
  return callApi(COMMENT_PATHS.listCommentReplies, { params: { id: commentId }, query: cursor === null ? {} : { cursor }, signal });
}

/**
 * GET /api/comments/{id}/replies (docs/PRODUCT.md#comments): a comment's replies older than those
 * its thread's page shows, from that page's cursor, a page at a time while `enabled` ("Show more
 * replies"). Kept current by `comment:changed` (thread-cache.ts), and read again with its thread.
 */
export function useCommentReplies(subject: TThreadSubject, subjectId: number, commentId: number, cursor: string | null, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: commentKeys.replies(subject, subjectId, commentId, cursor),
      queryFn: ({ pageParam, signal }) => getReplies(commentId, pageParam, signal),
      initialPageParam: cursor,
      getNextPageParam: (page) => page.nextCursor,
      enabled,
      meta: { errorToast: (error) => ({ title: "We couldn't load the replies", message: describeError(error) }) },
    }),
  );
}
