import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTask, TUpdateTask } from '@v2mom/contracts';
import { TASK_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

interface UpdateTaskInput {
  taskId: number;
  /** Updates and status, with the version the edit started from (a stale one answers 409). */
  body: TUpdateTask;
}

function updateTask({ taskId, body }: UpdateTaskInput): Promise<TTask> {
  return callApi(TASK_PATHS.updateTask, { params: { taskId }, body });
}

/**
 * PATCH /api/tasks/{taskId}. The saved row goes into every cached task list holding it.
 * Toasts: 'Task updated successfully' / 'Failed to update task'.
 */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    meta: {
      successToast: { title: 'Task updated successfully' },
      errorToast: (error) => ({ title: 'Failed to update task', message: describeError(error) }),
    },
    onSuccess: (saved) => putRows(queryClient, [{ entity: 'task', row: saved }]),
  });
}
