import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TJoinObstacle, TObstacle } from '@v2mom/contracts';
import { OBSTACLE_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

function joinObstacle({ id, ...body }: TJoinObstacle & { id: number }): Promise<TObstacle> {
  return callApi(OBSTACLE_PATHS.joinObstacle, { params: { id }, body });
}

/**
 * POST /api/obstacles/{id}/join (docs/PRODUCT.md#shared-obstacles). The obstacle goes into the
 * cache; what else it makes stale (the shared obstacle's row) the live bridge decides from its events.
 */
export function useJoinObstacle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinObstacle,
    meta: { successToast: { title: 'Obstacle shared', message: "It is now the same obstacle as the other department's." } },
    onSuccess: (joined) => void putRows(queryClient, [{ entity: 'obstacle', row: joined }]),
  });
}
