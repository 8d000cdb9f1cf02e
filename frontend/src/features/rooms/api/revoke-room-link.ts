import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoomLink } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys/room-keys';

function revokeRoomLink(id: number): Promise<TRoomLink> {
  return callApi(API_PATHS.revokeRoomLink, { params: { id } });
}

/** POST /api/admin/room-links/{id}/revoke: the revoked row replaces its line in the list. */
export function useRevokeRoomLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRoomLink,
    meta: {
      successToast: { title: 'Link revoked', message: 'Its screen has stopped.' },
      errorToast: (error: unknown) => ({ title: 'Failed to revoke the link', message: error instanceof ApiError ? error.serverMessage : undefined }),
    },
    onSuccess: (revoked) =>
      queryClient.setQueryData<TRoomLink[]>(roomKeys.links(), (links) => links?.map((link) => (link.id === revoked.id ? revoked : link))),
  });
}
