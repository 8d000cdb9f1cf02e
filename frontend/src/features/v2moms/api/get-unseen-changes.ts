import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnseenChanges } from '@v2mom/contracts';
import { UNSEEN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { unseenKeys } from '../../../lib/query-keys/unseen-keys';

function getUnseenChanges(v2momId: number, signal?: AbortSignal): Promise<TUnseenChanges> {
  return callApi(UNSEEN_PATHS.listUnseenChanges, { params: { id: v2momId }, signal });
}

/**
 * GET /api/v2moms/{id}/unseen, for a saved V2MOM (docs/PRODUCT.md#since-you-last-looked). Never stale while the page
 * is open: live events add to it. A failure is quiet, the page shows without the banner.
 */
export function useUnseenChanges(v2momId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: unseenKeys.ofV2mom(v2momId ?? 0),
      queryFn: ({ signal }) => getUnseenChanges(v2momId ?? 0, signal),
      // A V2MOM being created has no changes yet.
      enabled: v2momId !== null,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      meta: { errorToast: false },
    }),
  );
}
