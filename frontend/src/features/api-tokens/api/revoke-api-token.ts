import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_TOKEN_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { apiTokenKeys } from '../../../lib/query-keys/api-token-keys';

/** A settings holder revokes anyone's token; anyone else, only one of their own. */
export type TRevokeAs = 'owner' | 'administrator';

function revokeApiToken({ id, as }: { id: number; as: TRevokeAs }) {
  return as === 'owner' ? callApi(API_TOKEN_PATHS.revokeApiToken, { params: { id } }) : callApi(API_TOKEN_PATHS.revokeAnyApiToken, { params: { id } });
}

/** POST /api/api-tokens/{id}/revoke or /api/admin/api-tokens/{id}/revoke: the lists are read again. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    meta: {
      successToast: { title: 'Token revoked', message: 'It no longer works.' },
      errorToast: (error: unknown) => ({ title: 'Failed to revoke the token', message: error instanceof ApiError ? error.serverMessage : undefined }),
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
