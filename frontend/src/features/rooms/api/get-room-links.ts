import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoomLink } from '@v2mom/contracts';
import { ROOM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys/room-keys';

function getRoomLinks(signal?: AbortSignal): Promise<TRoomLink[]> {
  return callApi(ROOM_PATHS.listRoomLinks, { signal });
}

/** Every meeting-room link, newest first (settings holders). */
export function useRoomLinks() {
  return useQuery(
    queryOptions({
      queryKey: roomKeys.links(),
      queryFn: ({ signal }) => getRoomLinks(signal),
      meta: { errorToast: false }, // the tab shows its own error state
    }),
  );
}
