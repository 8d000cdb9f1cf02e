import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateObstacle, TObstacle } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

export function createObstacle(input: TCreateObstacle): Promise<TObstacle> {
  return callApi(API_PATHS.createObstacle, { body: input });
}

/** POST /api/obstacles; on success the V2MOM data refreshes (spec section 7). */
export function useCreateObstacle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createObstacle,
    meta: {
      successToast: { title: 'Obstacle created successfully', message: 'The obstacle has been added to the V2MOM.' },
      errorToast: () => ({ title: 'Failed to create obstacle', message: 'Please try again.' }),
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: v2momKeys.all }),
  });
}
