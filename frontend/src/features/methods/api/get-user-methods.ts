import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMethodListItem } from '@v2mom/contracts';
import { USER_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getUserMethods(userId: number, signal?: AbortSignal): Promise<TMethodListItem[]> {
  return callApi(USER_PATHS.listUserMethods, { params: { id: userId }, signal });
}

/** The methods one user owns; My Methods and Tasks lists the signed-in user's (docs/PRODUCT.md#my-methods-and-tasks). */
const userMethodsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: methodKeys.ofUser(userId),
    queryFn: ({ signal }) => getUserMethods(userId, signal),
    meta: { errorToast: false }, // the screen shows its own error state
  });

export function useUserMethods(userId: number) {
  return useQuery(userMethodsQueryOptions(userId));
}
