import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateProfileRequest, TUser } from '@v2mom/contracts';
import { AUTH_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

function updateProfile(input: TUpdateProfileRequest): Promise<TUser> {
  return callApi(AUTH_PATHS.updateProfile, { body: input });
}

/** PATCH /api/auth/user: one's own name. The answer is the signed-in user, so the shell shows it at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { successToast: { title: 'Name updated' } },
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}
