import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TObstacleHistory } from '@v2mom/contracts';
import { CHECK_IN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getObstacleHistory(id: number, signal?: AbortSignal): Promise<TObstacleHistory> {
  return callApi(CHECK_IN_PATHS.listMethodObstacleHistory, { params: { id }, signal });
}

/**
 * GET /api/methods/{id}/obstacle-history: the method's obstacles with when each was added and
 * resolved (docs/PRODUCT.md#check-ins). Under the methods' key, so an obstacle's event refreshes it.
 */
export const obstacleHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: methodKeys.obstacleHistory(id),
    queryFn: ({ signal }) => getObstacleHistory(id, signal),
    meta: { errorToast: false }, // the chart shows its own error
  });

export function useObstacleHistory(id: number) {
  return useQuery(obstacleHistoryQueryOptions(id));
}
