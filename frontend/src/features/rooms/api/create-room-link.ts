import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatedRoomLink, TCreateRoomLink } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys/room-keys';

function createRoomLink(body: TCreateRoomLink): Promise<TCreatedRoomLink> {
  return callApi(API_PATHS.createRoomLink, { body });
}

/** POST /api/admin/room-links: the answer holds the token, shown once; the list reads again. */
export function useCreateRoomLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoomLink,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to make the link', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: roomKeys.links() }),
  });
}
