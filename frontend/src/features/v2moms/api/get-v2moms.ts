import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TV2mom } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getV2moms(): Promise<TV2mom[]> {
  return callApi(API_PATHS.listV2moms);
}

/**
 * The live bridge refreshes this list after a new obstacle even when no screen shows it
 * (docs/PRODUCT.md#screens, Add Obstacle), often while the dialog that showed it is closing. So
 * its fetch takes no abort signal: React Query would cancel a fetch that consumed one when the
 * last screen using the list goes away, and the refresh would be lost.
 */
const v2momsQueryOptions = () =>
  queryOptions({
    queryKey: v2momKeys.list(),
    queryFn: getV2moms,
    meta: { errorToast: false }, // screens show their own error state
  });

export function useV2moms() {
  return useQuery(v2momsQueryOptions());
}
