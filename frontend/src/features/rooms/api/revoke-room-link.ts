import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoomLink } from '@v2mom/contracts';
import { ROOM_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

function revokeRoomLink(id: number): Promise<TRoomLink> {
  return callApi(ROOM_PATHS.revokeRoomLink, { params: { id } });
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
    onSuccess: (row) => void putRows(queryClient, [{ entity: 'roomLink', row }]),
  });
}
