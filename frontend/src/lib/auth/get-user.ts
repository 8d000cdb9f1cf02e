import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../api-client';
import { authKeys } from '../query-keys/auth-keys';

function getUser(signal?: AbortSignal): Promise<TUser> {
  return callApi(AUTH_PATHS.getCurrentUser, { signal });
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getUser(signal),
    // The guard shows its own error panel with a retry.
    meta: { errorToast: false },
  });

/** The signed-in user; only fetched once the session says someone is signed in (docs/PRODUCT.md#route-guard). */
export function useUser(sessionIsAuthenticated: boolean) {
  return useQuery({ ...userQueryOptions(), enabled: sessionIsAuthenticated });
}
