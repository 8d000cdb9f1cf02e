import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TTaskListView, TTaskPage } from '@v2mom/contracts';
import { TASK_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { taskKeys } from '../../../lib/query-keys/task-keys';

function getTaskPage(view: TTaskListView, cursor: string | null, signal?: AbortSignal): Promise<TTaskPage> {
  return callApi(TASK_PATHS.listTasks, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/** GET /api/tasks: the tasks a view holds, a page at a time (docs/PRODUCT.md#paged-lists); live events place rows in the pages held,
 * and it is polled only while the socket is down. */
export const taskPagesQueryOptions = (view: TTaskListView) =>
  infiniteQueryOptions({
    queryKey: taskKeys.page(view),
    queryFn: ({ pageParam, signal }) => getTaskPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
    meta: { errorToast: false, pollWhileOffline: true }, // the screens show their own failure panel
  });

export function useTaskPages(view: TTaskListView) {
  return usePagedList(useInfiniteQuery(taskPagesQueryOptions(view)));
}
