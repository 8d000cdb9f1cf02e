import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuarter, TRoomView } from '@v2mom/contracts';
import { ROOM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { roomKeys } from '../../../lib/query-keys/room-keys';

function getRoomView(token: string, quarter: TQuarter, signal?: AbortSignal): Promise<TRoomView> {
  return callApi(ROOM_PATHS.getRoomView, { query: { quarter }, signal, bearer: token });
}

/**
 * GET /api/room with the link's token and the quarter the screen shows: the room's one view (a
 * COO View's past quarter as it ended), read again whenever its socket says it changed.
 */
function roomViewQueryOptions(token: string, quarter: TQuarter) {
  return queryOptions({
    queryKey: roomKeys.viewOf(quarter),
    queryFn: ({ signal }) => getRoomView(token, quarter, signal),
    // Another quarter keeps the cards on screen until its own view arrives.
    placeholderData: keepPreviousData,
    // The screen says itself when its link has ended; a 401 here is no session of anyone's.
    meta: { errorToast: false, expectsUnauthorized: true },
  });
}

export function useRoomView(token: string, quarter: TQuarter) {
  return useQuery(roomViewQueryOptions(token, quarter));
}
