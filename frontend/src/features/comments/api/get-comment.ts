import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TComment } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

function getComment(id: number, signal?: AbortSignal): Promise<TComment> {
  return callApi(COMMENT_PATHS.getComment, { params: { id }, signal });
}

/** GET /api/comments/{id}: which thread a linked comment is in (`?comment=`); a gone one opens nothing. */
export function useLinkedComment(id: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: commentKeys.comment(id ?? 0),
      queryFn: ({ signal }) => getComment(id ?? 0, signal),
      enabled: id !== undefined,
      meta: { errorToast: false },
    }),
  );
}
