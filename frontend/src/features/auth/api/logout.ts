import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogoutResponse } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { LEGACY_AUTH_STORAGE_KEY, authKeys } from '../../../lib/query-keys/auth-keys';

function logout(): Promise<TLogoutResponse> {
  return callApi(AUTH_PATHS.logout);
}

function clearStoredAuth(): void {
  try {
    window.localStorage.removeItem(LEGACY_AUTH_STORAGE_KEY);
  } catch {
    // storage blocked: nothing was stored either
  }
}

/**
 * docs/PRODUCT.md#screens: whatever the server answers, forget the stored auth entry and re-check the
 * session; the caller then goes to /login. Cached data of the old user is dropped.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: {
      errorToast: () => ({ title: 'Failed to log out. Please try again.' }),
      successToast: { title: 'You have been successfully logged out' },
    },
    onSettled: async () => {
      clearStoredAuth();
      await queryClient.refetchQueries({ queryKey: authKeys.session() });
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== authKeys.all[0] || query.queryKey[1] !== 'session',
      });
    },
  });
}
