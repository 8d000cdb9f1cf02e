import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TMethodListView, TMethodPage } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getMethodPage(view: TMethodListView, cursor: string | null, signal?: AbortSignal): Promise<TMethodPage> {
  return callApi(API_PATHS.listMethodPage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/** GET /api/methods: the methods a view holds, a page at a time (docs/PRODUCT.md#paged-lists); live events place rows in the pages held. */
const methodPagesQueryOptions = (view: TMethodListView) =>
  infiniteQueryOptions({
    queryKey: methodKeys.page(view),
    queryFn: ({ pageParam, signal }) => getMethodPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
    meta: { errorToast: false }, // the list shows its own error
  });

/** The pages of `view`, asked for only while `enabled` (a screen that shows the list in one of its tabs). */
export function useMethodPages(view: TMethodListView, enabled = true) {
  return usePagedList(useInfiniteQuery({ ...methodPagesQueryOptions(view), enabled }));
}
