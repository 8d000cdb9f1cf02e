import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

function endOtherSessions() {
  return callApi(AUTH_PATHS.endOtherSessions);
}

/** DELETE /api/auth/sessions: every session of the user but this one ends; the list is read again. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    meta: { successToast: { title: 'Signed out everywhere else' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
