import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSession } from '@v2mom/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

export function getSession(signal?: AbortSignal): Promise<TSession> {
  // Runs on every route including /login: typed by the contract, not parsed (keeps zod out of it).
  return apiRequest<TSession>('/api/auth/session', { signal });
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => getSession(signal),
    // The guard turns a failed check into the login page; a toast would only repeat it.
    meta: { errorToast: false },
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
