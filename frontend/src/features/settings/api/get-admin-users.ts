import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminUser } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys/admin-keys';

function getAdminUsers(signal?: AbortSignal): Promise<TAdminUser[]> {
  return callApi(API_PATHS.listAdminUsers, { signal });
}

/** Everyone, deactivated people included; the People table searches them as one types. */
const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => getAdminUsers(signal),
    meta: { errorToast: false }, // the table shows its own error state
  });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
