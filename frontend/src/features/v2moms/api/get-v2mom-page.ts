import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TV2mom, TV2momFilter, TV2momListView, TV2momPage } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { comboboxResults, PICKER_PAGE_SIZE, type ComboboxResults } from '../../../components/ui/combobox-results';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getV2momPage(view: Partial<TV2momListView> & { limit?: number }, cursor: string | null, signal?: AbortSignal): Promise<TV2momPage> {
  return callApi(V2MOM_PATHS.listV2momPage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
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

/** Which V2MOMs a picker offers besides the words typed: only one owner's, or one year's of a level above one (docs/PRODUCT.md#paged-lists). */
export type V2momPickerScope = Pick<TV2momFilter, 'ownerId' | 'year' | 'levelAbove'>;

/** A picker's search: the first V2MOMs by title that the words find, asked again rather than patched by live events. */
const v2momSearchQueryOptions = (search: V2momPickerScope & { q: string }) =>
  queryOptions({
    queryKey: v2momKeys.search(search),
    queryFn: ({ signal }) => getV2momPage({ ...search, q: search.q || undefined, limit: PICKER_PAGE_SIZE }, null, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });

/** The V2MOMs a picker offers for the words typed, asked for only while its list is open. */
export function useV2momSearch(q: string, open: boolean, scope?: V2momPickerScope): ComboboxResults<TV2mom> {
  return comboboxResults(useQuery({ ...v2momSearchQueryOptions({ ...scope, q: q.trim() }), enabled: open }));
}
