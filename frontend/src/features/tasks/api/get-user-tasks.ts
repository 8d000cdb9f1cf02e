import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTask } from '@v2mom/contracts';
import { TASK_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { taskKeys } from '../../../lib/query-keys/task-keys';

function getUserTasks(userId: number, signal?: AbortSignal): Promise<TTask[]> {
  return callApi(TASK_PATHS.listUserTasks, { params: { userId }, signal });
}

/** One user's tasks, newest first; 'My Tasks' lists the signed-in user's (docs/PRODUCT.md#my-methods-and-tasks). */
const userTasksQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: taskKeys.ofUser(userId),
    queryFn: ({ signal }) => getUserTasks(userId, signal),
    meta: { errorToast: false }, // the section shows its own error state
  });

export function useUserTasks(userId: number) {
  return useQuery(userTasksQueryOptions(userId));
}
