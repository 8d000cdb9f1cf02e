import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminUser, TUpdateUserRequest } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminErrorToast, putAdminUser } from './admin-cache';

function updateUser({ id, ...body }: TUpdateUserRequest & { id: number }): Promise<TAdminUser> {
  return callApi(ADMIN_PATHS.updateUser, { params: { id }, body });
}

/** PATCH /api/admin/users/{id}, based on the version shown (409 when someone changed it meanwhile). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { successToast: { title: 'User updated' }, errorToast: adminErrorToast('Failed to update user') },
    onSuccess: (user) => putAdminUser(queryClient, user),
  });
}
