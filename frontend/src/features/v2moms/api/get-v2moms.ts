import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TV2mom } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getV2moms(signal?: AbortSignal): Promise<TV2mom[]> {
  return callApi(API_PATHS.listV2moms, { signal });
}

const v2momsQueryOptions = () =>
  queryOptions({
    queryKey: v2momKeys.list(),
    queryFn: ({ signal }) => getV2moms(signal),
    meta: { errorToast: false }, // screens show their own error state
  });

export function useV2moms() {
  return useQuery(v2momsQueryOptions());
}
