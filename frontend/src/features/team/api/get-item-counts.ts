import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TItemCounts } from '@v2mom/contracts';
import { TEAM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys/team-keys';

function getItemCounts(q: string | undefined, staleOnly: boolean, signal?: AbortSignal): Promise<TItemCounts> {
  return callApi(TEAM_PATHS.countItems, { query: { q, stale: staleOnly ? 'true' : undefined }, signal });
}

/**
 * GET /api/items/counts: the Items List's tab counts for a search, counted by the server, the
 * methods' tabs counting only the stale methods with `staleOnly` (docs/PRODUCT.md#items-list).
 */
export const itemCountsQueryOptions = (q: string | undefined, staleOnly = false) =>
  queryOptions({
    queryKey: teamKeys.itemCountsOf(q, staleOnly),
    queryFn: ({ signal }) => getItemCounts(q, staleOnly, signal),
    // The tabs keep the last counts while the next search's are on their way.
    placeholderData: keepPreviousData,
    meta: { errorToast: false }, // a tab without its count is enough
  });

export function useItemCounts(q: string | undefined, staleOnly: boolean) {
  return useQuery(itemCountsQueryOptions(q, staleOnly));
}
