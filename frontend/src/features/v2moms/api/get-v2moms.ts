import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZV2momListSchema, type TV2mom } from '@v2mom/contracts';
import { apiRequest } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

export function getV2moms(signal?: AbortSignal): Promise<TV2mom[]> {
  return apiRequest('/api/v2moms', { schema: ZV2momListSchema, signal });
}

export const v2momsQueryOptions = () =>
  queryOptions({
    queryKey: v2momKeys.list(),
    queryFn: ({ signal }) => getV2moms(signal),
    meta: { errorToast: false }, // screens show their own error state
  });

export function useV2moms() {
  return useQuery(v2momsQueryOptions());
}
