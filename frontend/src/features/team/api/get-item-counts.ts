import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TItemCounts } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys/team-keys';

function getItemCounts(q: string | undefined, signal?: AbortSignal): Promise<TItemCounts> {
  return callApi(API_PATHS.countItems, { query: { q }, signal });
}

/** GET /api/items/counts: the Items List's tab counts for a search, counted by the server (docs/PRODUCT.md#items-list). */
export const itemCountsQueryOptions = (q: string | undefined) =>
  queryOptions({
    queryKey: teamKeys.itemCountsOf(q),
    queryFn: ({ signal }) => getItemCounts(q, signal),
    // The tabs keep the last counts while the next search's are on their way.
    placeholderData: keepPreviousData,
    meta: { errorToast: false }, // a tab without its count is enough
  });

export function useItemCounts(q: string | undefined) {
  return useQuery(itemCountsQueryOptions(q));
}
