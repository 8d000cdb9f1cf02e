import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TUserListItem } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys/user-keys';

function getUsers(signal?: AbortSignal): Promise<TUserListItem[]> {
  return callApi(API_PATHS.listUsers, { signal });
}

/** Everyone, for owner selects. */
const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => getUsers(signal),
    meta: { errorToast: false }, // owner selects fall back to the signed-in user
  });

/** Everyone; `enabled` false leaves the list unasked where a screen needs it only sometimes. */
export function useUsers(enabled = true) {
  return useQuery({ ...usersQueryOptions(), enabled });
}

/** Active people, for mentions: the same list, without those who can no longer sign in. */
export function useActivePeople(): TUserListItem[] {
  const { data } = useQuery(usersQueryOptions());
  return useMemo(() => data?.filter((person) => person.active) ?? [], [data]);
}
