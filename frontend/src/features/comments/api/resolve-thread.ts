import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TThread } from '@v2mom/contracts';
import { COMMENT_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putThreadChange } from './thread-cache';

function resolveThread({ obstacleId, resolved }: { obstacleId: number; resolved: boolean }): Promise<TThread> {
  return callApi(COMMENT_PATHS.resolveObstacleThread, { params: { id: obstacleId }, body: { resolved } });
}

/** PUT /api/threads/obstacle/{id}/resolved: an obstacle's thread resolved or reopened. */
export function useResolveThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveThread,
    meta: { errorToast: (error) => ({ title: 'Failed to update the thread', message: describeError(error) }) },
    onSuccess: (thread) => putThreadChange(queryClient, thread, { thread }),
  });
}
