import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLeaveObstacle, TObstacle } from '@v2mom/contracts';
import { OBSTACLE_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

function leaveObstacle({ id, ...body }: TLeaveObstacle & { id: number }): Promise<TObstacle> {
  return callApi(OBSTACLE_PATHS.leaveObstacle, { params: { id }, body });
}

/** POST /api/obstacles/{id}/leave: the obstacle stands alone again (docs/PRODUCT.md#shared-obstacles). */
export function useLeaveObstacle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveObstacle,
    meta: { successToast: { title: 'Left the shared obstacle', message: 'The obstacle stands alone again.' } },
    onSuccess: (left) => void putRows(queryClient, [{ entity: 'obstacle', row: left }]),
  });
}
