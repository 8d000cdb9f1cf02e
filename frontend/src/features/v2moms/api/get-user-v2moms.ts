import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TV2mom } from '@v2mom/contracts';
import { USER_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getUserV2moms(userId: number, signal?: AbortSignal): Promise<TV2mom[]> {
  return callApi(USER_PATHS.listUserV2moms, { params: { id: userId }, signal });
}

/** One user's V2MOMs; My V2MOMs lists the signed-in user's (docs/PRODUCT.md#screens). */
const userV2momsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: v2momKeys.ofUser(userId),
    queryFn: ({ signal }) => getUserV2moms(userId, signal),
    meta: { errorToast: false }, // the list shows its own error state
  });

export function useUserV2moms(userId: number) {
  return useQuery(userV2momsQueryOptions(userId));
}
