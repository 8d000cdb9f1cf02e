import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@v2mom/contracts';
import { apiRequest } from '../api-client';
import { authKeys } from '../query-keys/auth-keys';

export function getUser(signal?: AbortSignal): Promise<TUser> {
  // Asked for right after the session, from the entry: typed by the contract, not parsed, so the
  // call needs no zod chunk before it can start.
  return apiRequest<TUser>('/api/auth/user', { signal });
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getUser(signal),
    // The guard shows its own error panel with a retry.
    meta: { errorToast: false },
  });

/** The signed-in user; only fetched once the session says someone is signed in (spec section 7). */
export function useUser(sessionIsAuthenticated: boolean) {
  return useQuery({ ...userQueryOptions(), enabled: sessionIsAuthenticated });
}
