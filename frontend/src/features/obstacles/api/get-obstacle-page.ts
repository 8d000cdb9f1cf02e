import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TObstacleListView, TObstaclePage } from '@v2mom/contracts';
import { OBSTACLE_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { obstacleKeys } from '../../../lib/query-keys/obstacle-keys';

function getObstaclePage(view: TObstacleListView, cursor: string | null, signal?: AbortSignal): Promise<TObstaclePage> {
  return callApi(OBSTACLE_PATHS.listObstaclePage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/** GET /api/obstacles: the obstacles a view holds, a page at a time (docs/PRODUCT.md#paged-lists). */
export const obstaclePagesQueryOptions = (view: TObstacleListView) =>
  infiniteQueryOptions({
    queryKey: obstacleKeys.page(view),
    queryFn: ({ pageParam, signal }) => getObstaclePage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
    meta: { errorToast: false }, // the list shows its own error
  });

/** The pages of `view`, asked for only while `enabled` (a screen that shows the list in one of its tabs). */
export function useObstaclePages(view: TObstacleListView, enabled = true) {
  return usePagedList(useInfiniteQuery({ ...obstaclePagesQueryOptions(view), enabled }));
}
