import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTask } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { taskKeys } from '../../../lib/query-keys/task-keys';

function getTasks(signal?: AbortSignal): Promise<TTask[]> {
  return callApi(API_PATHS.listTasks, { signal });
}

/** GET /api/tasks: every task, newest first; live, polled only while the socket is down. */
export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.list(),
    queryFn: ({ signal }) => getTasks(signal),
    meta: { errorToast: false, pollWhileOffline: true }, // the screens show their own failure panel
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
