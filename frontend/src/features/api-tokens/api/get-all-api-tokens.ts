import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOwnedApiToken } from '@v2mom/contracts';
import { API_TOKEN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { apiTokenKeys } from '../../../lib/query-keys/api-token-keys';

function getAllApiTokens(signal?: AbortSignal): Promise<TOwnedApiToken[]> {
  return callApi(API_TOKEN_PATHS.listAllApiTokens, { signal });
}

/** Everyone's API tokens with their owners, newest first (settings holders). */
export function useAllApiTokens() {
  return useQuery(
    queryOptions({
      queryKey: apiTokenKeys.everyone(),
      queryFn: ({ signal }) => getAllApiTokens(signal),
      meta: { errorToast: false }, // the tab shows its own error state
    }),
  );
}
