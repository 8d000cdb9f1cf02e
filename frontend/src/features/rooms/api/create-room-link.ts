import { useMutation } from '@tanstack/react-query';
import type { TCreatedRoomLink, TCreateRoomLink } from '@v2mom/contracts';
import { ROOM_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';

function createRoomLink(body: TCreateRoomLink): Promise<TCreatedRoomLink> {
  return callApi(ROOM_PATHS.createRoomLink, { body });
}

/**
 * POST /api/admin/room-links: the answer holds the token, shown once and never cached. The list
 * takes the new link from its live event, as every settings holder's open tab does (app/live).
 */
export function useCreateRoomLink() {
  return useMutation({
    mutationFn: createRoomLink,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to make the link', message: error instanceof ApiError ? error.serverMessage : undefined }) },
  });
}
