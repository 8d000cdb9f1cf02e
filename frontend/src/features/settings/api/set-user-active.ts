import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminUser } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { adminErrorToast, putAdminUser } from './admin-cache';

/** Deactivate (sessions and sockets end at once) or reactivate; one control flips between them. */
function setUserActive({ id, active }: { id: number; active: boolean }): Promise<TAdminUser> {
  return callApi(active ? ADMIN_PATHS.reactivateUser : ADMIN_PATHS.deactivateUser, { params: { id } });
}

/** POST /api/admin/users/{id}/deactivate or /reactivate (409 for oneself or the last settings holder). */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    meta: { errorToast: adminErrorToast('Failed to change the account') },
    onSuccess: (user) => putAdminUser(queryClient, user),
  });
}
