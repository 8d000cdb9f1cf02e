import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMethodListItem } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getMethods(signal?: AbortSignal): Promise<TMethodListItem[]> {
  return callApi(API_PATHS.listMethods, { signal });
}

/** docs/PRODUCT.md#offline-polling: all methods refetch every 30 s (only while the socket is down) and are fresh for 10 s. */
const methodsQueryOptions = () =>
  queryOptions({
    queryKey: methodKeys.list(),
    queryFn: ({ signal }) => getMethods(signal),
    staleTime: 10_000,
    meta: { errorToast: false, pollWhileOffline: true }, // screens show their own error state
  });

export function useMethods() {
  return useQuery(methodsQueryOptions());
}
