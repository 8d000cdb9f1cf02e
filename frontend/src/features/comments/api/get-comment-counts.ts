import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TV2momCommentCounts } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

function getCommentCounts(v2momId: number, signal?: AbortSignal): Promise<TV2momCommentCounts> {
  return callApi(COMMENT_PATHS.getV2momCommentCounts, { params: { id: v2momId }, signal });
}

/**
 * GET /api/v2moms/{id}/comment-counts: each of a V2MOM's threads' count; `thread:counted` moves it in place (thread-cache.ts).
 * Asks once the V2MOM is loaded (`v2momId` undefined until then).
 */
export function useCommentCounts(v2momId: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: commentKeys.counts(v2momId ?? 0),
      queryFn: ({ signal }) => getCommentCounts(v2momId ?? 0, signal),
      enabled: v2momId !== undefined,
      meta: { errorToast: false }, // the items show no count
    }),
  );
}
