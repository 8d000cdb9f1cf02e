import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiToken } from '@v2mom/contracts';
import { API_TOKEN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { apiTokenKeys } from '../../../lib/query-keys/api-token-keys';

function getApiTokens(signal?: AbortSignal): Promise<TApiToken[]> {
  return callApi(API_TOKEN_PATHS.listApiTokens, { signal });
}

/** The signed-in person's API tokens, newest first (docs/PRODUCT.md#api-tokens). */
export function useApiTokens() {
  return useQuery(
    queryOptions({
      queryKey: apiTokenKeys.own(),
      queryFn: ({ signal }) => getApiTokens(signal),
      meta: { errorToast: false }, // the list shows its own error state
    }),
  );
}
