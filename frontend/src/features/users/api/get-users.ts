import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUserListSchema, type TUserListItem } from '@v2mom/contracts';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys/user-keys';

export function getUsers(signal?: AbortSignal): Promise<TUserListItem[]> {
  return apiRequest('/api/users', { schema: ZUserListSchema, signal });
}

/** Everyone, for owner selects. */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => getUsers(signal),
    meta: { errorToast: false }, // owner selects fall back to the signed-in user
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
