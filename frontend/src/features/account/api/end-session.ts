import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

function endSession(id: string) {
  return callApi(AUTH_PATHS.endSession, { params: { id } });
}

/** DELETE /api/auth/sessions/{id}: signs out one other browser of the user; the list is read again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    meta: { successToast: { title: 'Session signed out' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
