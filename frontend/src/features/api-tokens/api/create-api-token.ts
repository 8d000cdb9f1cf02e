import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApiToken, TCreatedApiToken } from '@v2mom/contracts';
import { API_TOKEN_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { apiTokenKeys } from '../../../lib/query-keys/api-token-keys';

function createApiToken(body: TCreateApiToken): Promise<TCreatedApiToken> {
  return callApi(API_TOKEN_PATHS.createApiToken, { body });
}

/** POST /api/api-tokens: the answer holds the secret, shown once and never cached; the lists are read again. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to make the token', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
