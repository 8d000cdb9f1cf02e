import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateUserRequest, TTemporaryPasswordResponse } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminErrorToast, putAdminUser } from './admin-cache';

function createUser(input: TCreateUserRequest): Promise<TTemporaryPasswordResponse> {
  return callApi(ADMIN_PATHS.createUser, { body: input });
}

/** POST /api/admin/users: the answer's temporary password is shown once, by the caller. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { successToast: { title: 'User created' }, errorToast: adminErrorToast('Failed to create user') },
    onSuccess: ({ user }) => putAdminUser(queryClient, user),
  });
}
