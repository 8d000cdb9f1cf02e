import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSsoConfig } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

function getSsoConfig(signal?: AbortSignal): Promise<TSsoConfig> {
  return callApi(AUTH_PATHS.getSsoConfig, { signal });
}

const ssoConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.ssoConfig(),
    queryFn: ({ signal }) => getSsoConfig(signal),
    // The server's configuration: it changes only with a restart.
    staleTime: Infinity,
    // Without an answer the login page offers the password form alone; a toast would not help.
    meta: { errorToast: false },
  });

export function useSsoConfig() {
  return useQuery(ssoConfigQueryOptions());
}
