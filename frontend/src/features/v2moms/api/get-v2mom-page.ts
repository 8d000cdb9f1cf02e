import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TV2mom, TV2momFilter, TV2momListView, TV2momPage } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import type { ComboboxResults } from '../../../components/ui/search-combobox';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getV2momPage(view: TV2momListView & { limit?: number }, cursor: string | null, signal?: AbortSignal): Promise<TV2momPage> {
  return callApi(API_PATHS.listV2momPage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/**
 * GET /api/v2moms: the V2MOMs a view holds, a page at a time (docs/PRODUCT.md#paged-lists); live
 * events place rows in the pages held. A new obstacle refreshes them even when no screen shows
 * them (docs/PRODUCT.md#screens, Add Obstacle), often while the dialog that made it is closing;
 * so the fetch takes no abort signal, which would cancel it once the last screen using it is gone.
 */
const v2momPagesQueryOptions = (view: TV2momListView) =>
  infiniteQueryOptions({
    queryKey: v2momKeys.page(view),
    queryFn: ({ pageParam }) => getV2momPage(view, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
    meta: { errorToast: false }, // the list shows its own error
  });

export function useV2momPages(view: TV2momListView) {
  return usePagedList(useInfiniteQuery(v2momPagesQueryOptions(view)));
}

/** The V2MOMs a picker offers at once: enough to see, few enough to answer fast. */
const PICKER_PAGE_SIZE = 20;

/** The first page of the V2MOMs of `filter` that a search holds, by title. */
const v2momSearchQueryOptions = (filter: TV2momFilter, q: string) =>
  queryOptions({
    queryKey: v2momKeys.search(filter, q.trim()),
    queryFn: ({ signal }) => getV2momPage({ ...filter, q: q.trim() || undefined, sort: 'title', dir: 'asc', limit: PICKER_PAGE_SIZE }, null, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });

/** V2MOMs for a picker among those of `filter`, as the words typed find them; asked only while `enabled`. */
export function useV2momSearch(filter: TV2momFilter, q: string, enabled: boolean): ComboboxResults<TV2mom> {
  const query = useQuery({ ...v2momSearchQueryOptions(filter, q), enabled });
  return { rows: query.data?.rows, loading: query.isFetching, failed: query.isError };
}
