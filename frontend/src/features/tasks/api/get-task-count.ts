import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskCount, TTaskFilter } from '@v2mom/contracts';
import { TASK_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { viewParams } from '../../../lib/paged-list';
import { taskKeys } from '../../../lib/query-keys/task-keys';

function getTaskCount(filter: TTaskFilter, signal?: AbortSignal): Promise<TTaskCount> {
  return callApi(TASK_PATHS.countTasks, { query: viewParams(filter), signal });
}

/** GET /api/tasks/count: how many tasks a filter holds, counted by the server; asked again once per burst of task changes. */
export function useTaskCount(filter: TTaskFilter) {
  return useQuery(
    queryOptions({
      queryKey: taskKeys.count(filter),
      queryFn: ({ signal }) => getTaskCount(filter, signal),
      meta: { errorToast: false }, // the figure shows a dash instead
    }),
  );
}
