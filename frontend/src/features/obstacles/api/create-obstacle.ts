import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateObstacle, TObstacle } from '@v2mom/contracts';
import { OBSTACLE_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

function createObstacle(input: TCreateObstacle): Promise<TObstacle> {
  return callApi(OBSTACLE_PATHS.createObstacle, { body: input });
}

/**
 * POST /api/obstacles. The new obstacle goes into the cache; what else it makes stale the live
 * bridge decides from its event (docs/PRODUCT.md#live-events).
 */
export function useCreateObstacle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createObstacle,
    meta: {
      successToast: { title: 'Obstacle created successfully', message: 'The obstacle has been added to the V2MOM.' },
      errorToast: () => ({ title: 'Failed to create obstacle', message: 'Please try again.' }),
    },
    onSuccess: (created) => void putRows(queryClient, [{ entity: 'obstacle', row: created }]),
  });
}
