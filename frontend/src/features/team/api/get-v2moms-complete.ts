import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TV2momWithWork } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getV2momsComplete(signal?: AbortSignal): Promise<TV2momWithWork[]> {
  return callApi(API_PATHS.listV2momsComplete, { signal });
}

/**
 * Every V2MOM with its methods and obstacles: the roll-ups (Items List, Team Obstacles) read it.
 * docs/PRODUCT.md#offline-polling: refetched every 30 s only while the socket is down, fresh for 10 s.
 */
export const v2momsCompleteQueryOptions = () =>
  queryOptions({
    queryKey: v2momKeys.completeList(),
    queryFn: ({ signal }) => getV2momsComplete(signal),
    staleTime: 10_000,
    meta: { errorToast: false, pollWhileOffline: true }, // screens show their own error state
  });

export function useV2momsComplete() {
  return useQuery(v2momsCompleteQueryOptions());
}
