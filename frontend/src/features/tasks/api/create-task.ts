import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTask, TTask } from '@v2mom/contracts';
import { TASK_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';
import type { ToastSpec } from '../../../lib/toast';

function createTask(input: TCreateTask): Promise<TTask> {
  return callApi(TASK_PATHS.createTask, { body: input });
}

/** docs/PRODUCT.md#toasts: 'Error' with the server's message, else 'Failed to create task'. */
function createTaskErrorToast(error: unknown): ToastSpec {
  const serverText = error instanceof ApiError ? error.serverMessage : undefined;
  return { title: 'Error', message: serverText || 'Failed to create task' };
}

/**
 * POST /api/tasks. The new task goes into the cache; the lists it joins are refetched by the live
 * bridge from its event (docs/PRODUCT.md#live-events).
 */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    meta: { successToast: { title: 'Success', message: 'Task created successfully' }, errorToast: createTaskErrorToast },
    onSuccess: (created) => void putRows(queryClient, [{ entity: 'task', row: created }]),
  });
}
