import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTemporaryPasswordResponse } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminErrorToast, putAdminUser } from './admin-cache';

function resetUserPassword(id: number): Promise<TTemporaryPasswordResponse> {
  return callApi(ADMIN_PATHS.resetUserPassword, { params: { id } });
}

/** POST /api/admin/users/{id}/password: a new temporary password, shown once; their sessions end. */
export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    meta: { errorToast: adminErrorToast('Failed to reset password') },
    onSuccess: ({ user }) => putAdminUser(queryClient, user),
  });
}
