import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';
import type { ToastSpec } from '../../../lib/toast';

function changePassword(input: TChangePasswordRequest) {
  return callApi(AUTH_PATHS.changePassword, { body: input });
}

/** docs/PRODUCT.md#account: the server's message ('Current password is incorrect', the throttle's wait). */
function changePasswordErrorToast(error: unknown): ToastSpec {
  const serverText = error instanceof ApiError ? error.serverMessage : undefined;
  return { title: 'Error', message: serverText || 'Failed to change password' };
}

/**
 * POST /api/auth/password. The server ends the user's other sessions and hands this browser a new
 * session cookie; the live connection reconnects with it by itself (docs/PRODUCT.md#sessions).
 * The user is read again: a temporary password no longer holds them on /account, and the
 * session list shows the others gone.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    meta: { successToast: { title: 'Your password has been changed' }, errorToast: changePasswordErrorToast },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.all }),
  });
}
