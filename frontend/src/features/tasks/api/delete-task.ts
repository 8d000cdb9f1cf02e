import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TTask } from '@v2mom/contracts';
import { TASK_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { withoutRows, type PagedData } from '../../../lib/live/paged-rows';
import { taskKeys } from '../../../lib/query-keys/task-keys';
import type { ToastSpec } from '../../../lib/toast';

function deleteTask(task: Pick<TTask, 'id' | 'version'>): Promise<TApiResponse<'deleteTask'>> {
  return callApi(TASK_PATHS.deleteTask, { params: { taskId: task.id }, query: { version: String(task.version) } });
}

/** docs/PRODUCT.md#toasts: 'Failed to delete task', with the server's words when it gave some. */
function deleteTaskErrorToast(error: unknown): ToastSpec {
  const serverText = error instanceof ApiError ? error.serverMessage : undefined;
  return serverText ? { title: 'Failed to delete task', message: serverText } : { title: 'Failed to delete task' };
}

/**
 * DELETE /api/tasks/{taskId}, naming the version the user saw (a newer one answers 409). The gone
 * row leaves the cached task lists at once; the live bridge does the same for everyone else.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    meta: { successToast: { title: 'Task deleted successfully' }, errorToast: deleteTaskErrorToast },
    onSuccess: (_answer, task) => {
      const gone = new Set([task.id]);
      // A person's tasks are a list; the Tasks screens' are pages (their counts are asked again live).
      queryClient.setQueriesData<TTask[]>({ queryKey: taskKeys.ofUsers() }, (rows) => rows?.filter((row) => !gone.has(row.id)));
      queryClient.setQueriesData<PagedData<TTask>>({ queryKey: taskKeys.pages() }, (pages) => pages && withoutRows(pages, gone));
    },
  });
}
