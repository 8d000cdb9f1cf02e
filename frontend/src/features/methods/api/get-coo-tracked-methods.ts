import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMethodListItem } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getCooTrackedMethods(signal?: AbortSignal): Promise<TMethodListItem[]> {
  return callApi(METHOD_PATHS.listCooTrackedMethods, { signal });
}

/** docs/PRODUCT.md#offline-polling: the key-metrics list refetches every 30 s (only while the socket is down). */
export const cooTrackedMethodsQueryOptions = () =>
  queryOptions({
    queryKey: methodKeys.cooTracking(),
    queryFn: ({ signal }) => getCooTrackedMethods(signal),
    meta: { errorToast: false, pollWhileOffline: true }, // screens show their own error state
  });

export function useCooTrackedMethods() {
  return useQuery(cooTrackedMethodsQueryOptions());
}
