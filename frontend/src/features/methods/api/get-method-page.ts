import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TMethodFilter, TMethodListView, TMethodPage } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { methodKeys, type TMethodPagesView } from '../../../lib/query-keys/method-keys';

/** One page of the methods `view` holds, after `cursor`. */
export function getMethodPage(view: Partial<TMethodListView> & { limit?: number }, cursor: string | null, signal?: AbortSignal): Promise<TMethodPage> {
  return callApi(METHOD_PATHS.listMethodPage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/** What the page after `cursor` asks for: the first page holds `firstLimit` rows where the view says. */
function pageView({ firstLimit, ...view }: TMethodPagesView, cursor: string | null): TMethodPagesView {
  return cursor === null && firstLimit !== undefined ? { ...view, limit: firstLimit } : view;
}

/** GET /api/methods: the methods a view holds, a page at a time (docs/PRODUCT.md#paged-lists); live events place rows in the pages held. */
export const methodPagesQueryOptions = (view: TMethodPagesView) =>
  infiniteQueryOptions({
    queryKey: methodKeys.page(view),
    queryFn: ({ pageParam, signal }) => getMethodPage(pageView(view, pageParam), pageParam, signal),
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

/**
 * How many cards the COO View's first page holds: the rows of cards a screen up to 1440 pixels
 * tall shows, presenting too, and the 800 below them, where the next page is asked for
 * (components/ui/more-rows.tsx); a taller one asks for the next page at once. What follows
 * comes a full page at a time as the reader scrolls.
 */
const COO_VIEW_FIRST_PAGE = 12;

/** The COO View's cards (docs/PRODUCT.md#coo-view): the COO-tracked methods, a first page of what its screen shows. */
export const cooViewList = (stale: boolean): TMethodPagesView => ({ ...cooTrackedView({ stale: stale || undefined }), firstLimit: COO_VIEW_FIRST_PAGE });

/** How many COO-tracked methods the dashboard previews; the rest are on /key-metrics. */
export const KEY_METRICS_PREVIEW = 4;

/** The dashboard's preview: one page of the latest changed COO-tracked methods, as Key Metrics lists them. */
export const KEY_METRICS_PREVIEW_VIEW: TMethodPagesView = { ...cooTrackedView({}), limit: KEY_METRICS_PREVIEW };
