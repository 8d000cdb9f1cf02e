import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSession } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

function getSession(signal?: AbortSignal): Promise<TSession> {
  return callApi(AUTH_PATHS.getSession, { signal });
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
