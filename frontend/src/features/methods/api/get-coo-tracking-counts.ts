import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCooTrackingCounts } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getCooTrackingCounts(signal?: AbortSignal): Promise<TCooTrackingCounts> {
  return callApi(METHOD_PATHS.getCooTrackingCounts, { signal });
}

/**
 * GET /api/methods/coo-tracking/counts: how many methods are tracked, have a key metric, are stale,
 * counted by the server (docs/PRODUCT.md#key-metrics); asked again once per burst of method changes.
 */
export const cooTrackingCountsQueryOptions = () =>
  queryOptions({
    queryKey: methodKeys.cooTrackingCounts(),
    queryFn: ({ signal }) => getCooTrackingCounts(signal),
    meta: { errorToast: false, pollWhileOffline: true }, // the screens show their lists' own error
  });

export function useCooTrackingCounts() {
  return useQuery(cooTrackingCountsQueryOptions());
}
