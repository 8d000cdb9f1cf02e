import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TV2momListView, TV2momPage } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getV2momPage(view: TV2momListView, cursor: string | null, signal?: AbortSignal): Promise<TV2momPage> {
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
