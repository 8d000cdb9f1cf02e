import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMethodStatusCounts } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getMethodsSummary(signal?: AbortSignal): Promise<TMethodStatusCounts> {
  return callApi(METHOD_PATHS.getMethodsSummary, { signal });
}

/**
 * The dashboard's counts of every method, counted by the server so the dashboard never downloads
 * the methods themselves. docs/PRODUCT.md#offline-polling: refetched every 30 s while the socket
 * is down.
 */
export const methodsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: methodKeys.summary(),
    queryFn: ({ signal }) => getMethodsSummary(signal),
    meta: { errorToast: false, pollWhileOffline: true }, // the summary shows its own error state
  });

export function useMethodsSummary() {
  return useQuery(methodsSummaryQueryOptions());
}
