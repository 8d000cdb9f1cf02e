import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TMethodFilter, type TMethodListItem, type TMethodListView, type TMethodPage } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { comboboxResults, PICKER_PAGE_SIZE, type ComboboxResults } from '../../../components/ui/search-combobox';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { methodKeys, type TMethodPagesView } from '../../../lib/query-keys/method-keys';

function getMethodPage(view: Partial<TMethodListView> & { limit?: number }, cursor: string | null, signal?: AbortSignal): Promise<TMethodPage> {
  return callApi(METHOD_PATHS.listMethodPage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/** GET /api/methods: the methods a view holds, a page at a time (docs/PRODUCT.md#paged-lists); live events place rows in the pages held. */
export const methodPagesQueryOptions = (view: TMethodPagesView) =>
  infiniteQueryOptions({
    queryKey: methodKeys.page(view),
    queryFn: ({ pageParam, signal }) => getMethodPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
    meta: { errorToast: false }, // the list shows its own error
  });

/** The pages of `view`, asked for only while `enabled` (a screen that shows the list in one of its tabs). */
export function useMethodPages(view: TMethodPagesView, enabled = true) {
  return usePagedList(useInfiniteQuery({ ...methodPagesQueryOptions(view), enabled }));
}

/**
 * The COO-tracked methods as Key Metrics and the COO View list them (docs/PRODUCT.md#key-metrics):
 * latest change first, so what was just changed is at the top; `Stale only` asks the server for the
 * stale ones.
 */
export function cooTrackedView(filter: Pick<TMethodFilter, 'withKeyMetric' | 'stale'>): TMethodListView {
  return { forCooTracking: true, ...filter, sort: 'updated', dir: 'desc' };
}

/** How many COO-tracked methods the dashboard previews; the rest are on /key-metrics. */
export const KEY_METRICS_PREVIEW = 4;

/** The dashboard's preview: one page of the latest changed COO-tracked methods, as Key Metrics lists them. */
export const KEY_METRICS_PREVIEW_VIEW: TMethodPagesView = { ...cooTrackedView({}), limit: KEY_METRICS_PREVIEW };

/** Which methods a picker offers besides the words typed: only one V2MOM's (docs/PRODUCT.md#paged-lists). */
export type MethodPickerScope = Pick<TMethodFilter, 'v2momId'>;

/** A picker's first page of methods by description, asked again rather than patched by live events. */
const methodSearchQueryOptions = (search: MethodPickerScope & { q: string; limit: number }) =>
  queryOptions({
    queryKey: methodKeys.search(search),
    queryFn: ({ signal }) => getMethodPage({ ...search, q: search.q || undefined }, null, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });

/** The methods a picker offers for the words typed, asked for only while its list is open. */
export function useMethodSearch(q: string, open: boolean, scope?: MethodPickerScope): ComboboxResults<TMethodListItem> {
  return comboboxResults(useQuery({ ...methodSearchQueryOptions({ ...scope, q: q.trim(), limit: PICKER_PAGE_SIZE }), enabled: open }));
}

/**
 * The methods of one V2MOM to tick (Add Obstacle's linked methods): the first page of the most the
 * server answers at once, far more than a V2MOM holds; none until a V2MOM is chosen.
 */
export function useMethodsOfV2mom(v2momId: number | null): { data: readonly TMethodListItem[] | undefined; isPending: boolean } {
  const query = useQuery({ ...methodSearchQueryOptions({ v2momId: v2momId ?? undefined, q: '', limit: MAX_PAGE_SIZE }), enabled: v2momId !== null });
  return { data: query.data?.rows, isPending: query.isPending };
}
