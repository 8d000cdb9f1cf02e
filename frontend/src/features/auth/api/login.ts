import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { ApiError, ClientValidationError, callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

const LOGIN_FIELDS_REQUIRED = 'Username and password are required';

/**
 * Refuses to send incomplete credentials (docs/PRODUCT.md#screens), then signs in. The rest of
 * ZLoginRequestSchema (length limits) is the server's to enforce: its 400 message is toasted,
 * and zod stays out of the login route's download.
 */
function login(input: TLoginRequest): Promise<TLoginResponse> {
  const username = input.username.trim();
  if (!username || !input.password) {
    return Promise.reject(new ClientValidationError(LOGIN_FIELDS_REQUIRED));
  }
  return callApi(AUTH_PATHS.login, { body: { username, password: input.password } });
}

/** The server's message, or 'Login failed' (docs/PRODUCT.md#toasts). */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ClientValidationError) return error.message;
  if (error instanceof ApiError) return error.serverMessage ?? 'Login failed';
  return 'Login failed';
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: {
      errorToast: (error) => ({ title: loginErrorMessage(error) }),
      successToast: { title: 'Login successful' },
      expectsUnauthorized: true,
    },
    onSuccess: async () => {
      // The guard then loads (and checks) the user through GET /api/auth/user.
      queryClient.removeQueries({ queryKey: authKeys.user() });
      await queryClient.refetchQueries({ queryKey: authKeys.session() });
    },
  });
}
