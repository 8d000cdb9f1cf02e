import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommentCounts } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

function getAllCommentCounts(signal?: AbortSignal): Promise<TCommentCounts> {
  return callApi(COMMENT_PATHS.getCommentCounts, { signal });
}

/**
 * GET /api/comment-counts: every thread's count, for screens listing items of many V2MOMs;
 * `thread:counted` moves it in place (thread-cache.ts).
 */
export function useAllCommentCounts() {
  return useQuery(
    queryOptions({
      queryKey: commentKeys.allCounts(),
      queryFn: ({ signal }) => getAllCommentCounts(signal),
      meta: { errorToast: false }, // the items show no count
    }),
  );
}
