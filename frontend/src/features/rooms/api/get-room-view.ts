import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoomView } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys/room-keys';

function getRoomView(token: string, signal?: AbortSignal): Promise<TRoomView> {
  return callApi(API_PATHS.getRoomView, { signal, bearer: token });
}

/** GET /api/room with the link's token: the room's one view, read again whenever its socket says it changed. */
function roomViewQueryOptions(token: string) {
  return queryOptions({
    queryKey: roomKeys.view(),
    queryFn: ({ signal }) => getRoomView(token, signal),
    // The screen says itself when its link has ended; a 401 here is no session of anyone's.
    meta: { errorToast: false, expectsUnauthorized: true },
  });
}

export function useRoomView(token: string) {
  return useQuery(roomViewQueryOptions(token));
}
