import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccountSession } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

function getSessions(signal?: AbortSignal): Promise<TAccountSession[]> {
  return callApi(AUTH_PATHS.listSessions, { signal });
}

/** The signed-in user's live sessions, this one first (docs/PRODUCT.md#account). */
const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
    meta: { errorToast: false }, // the list shows its own error state
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
