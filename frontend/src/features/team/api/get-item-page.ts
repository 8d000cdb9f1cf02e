import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TItemListView, TItemPage } from '@v2mom/contracts';
import { TEAM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { teamKeys } from '../../../lib/query-keys/team-keys';

function getItemPage(view: TItemListView, cursor: string | null, signal?: AbortSignal): Promise<TItemPage> {
  return callApi(TEAM_PATHS.listItemPage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/** GET /api/items: the Items List's All Items, methods and obstacles in one list, a page at a time (docs/PRODUCT.md#items-list). */
export const itemPagesQueryOptions = (view: TItemListView) =>
  infiniteQueryOptions({
    queryKey: teamKeys.itemPage(view),
    queryFn: ({ pageParam, signal }) => getItemPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
    meta: { errorToast: false }, // the list shows its own error
  });

/** The pages of `view`, asked for only while `enabled` (the All Items tab shows). */
export function useItemPages(view: TItemListView, enabled = true) {
  return usePagedList(useInfiniteQuery({ ...itemPagesQueryOptions(view), enabled }));
}
