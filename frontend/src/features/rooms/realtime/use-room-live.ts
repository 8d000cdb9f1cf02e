import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  LIVE_EVENTS,
  newerRound,
  ROOM_EVENTS,
  ROOM_LINK_ENDED_ERROR,
  ROOM_NAMESPACE,
  withCheckIn,
  type RoomServerToClientEvents,
  type TPresentation,
  type TRoomView,
  type TRound,
} from '@v2mom/contracts';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { roomKeys } from '../../../lib/query-keys/room-keys';

/** Where the room's socket stands: connecting, live, between connections, or stopped for good (its link ended). */
export type RoomLiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface RoomLive {
  status: RoomLiveStatus;
  /** What the screen's presenter shows, while someone presents it. */
  presentation: TPresentation | null;
}

/**
 * The meeting-room screen's socket (docs/PRODUCT.md#meeting-room-links): the link's token in the
 * handshake, no cookies. A change to its view reads the view again; the presenter's screen is
 * followed, and the check-in round's events are patched into the view. When the server ends the socket (the link was revoked, or expired) the screen asks
 * once more: a handshake refused as `room_link_ended` stops it for good, anything else reconnects.
 */
export function useRoomLive(token: string): RoomLive {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RoomLiveStatus>('connecting');
  const [presentation, setPresentation] = useState<TPresentation | null>(null);

  useEffect(() => {
    const socket: Socket<RoomServerToClientEvents> = io(ROOM_NAMESPACE, {
      auth: { token },
      withCredentials: false,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    });
    const refetch = () => void queryClient.invalidateQueries({ queryKey: roomKeys.view() });
    let connectedBefore = false;
    socket.on('connect', () => {
      setStatus('live');
      // What changed while it was away (the first view is read beside the first connection).
      if (connectedBefore) refetch();
      connectedBefore = true;
    });
    socket.on(ROOM_EVENTS.viewChanged, refetch);
    // The check-in round on a COO View's screen: each event's row patched into the view held, never read again.
    const patchRound = (patch: (held: TRound | null) => TRound | null) =>
      queryClient.setQueriesData<InfiniteData<TRoomView>>({ queryKey: roomKeys.view() }, (held) =>
        held && { ...held, pages: held.pages.map((page) => (page.view.kind === 'coo-view' ? { ...page, view: { ...page.view, round: patch(page.view.round) } } : page)) },
      );
    socket.on(LIVE_EVENTS.roundChanged, (round) =>
      patchRound((held) => {
        const kept = newerRound(held, round);
        return kept.status === 'active' ? kept : null;
      }),
    );
    socket.on(LIVE_EVENTS.roundCheckedIn, (event) => patchRound((held) => held && withCheckIn(held, event)));
    socket.on(LIVE_EVENTS.presentationChanged, setPresentation);
    socket.on(LIVE_EVENTS.presentationEnded, () => setPresentation(null));
    socket.on('connect_error', (error) => {
      if (error.message !== ROOM_LINK_ENDED_ERROR) return setStatus('reconnecting');
      setStatus('ended');
      socket.disconnect();
    });
    socket.on('disconnect', (reason) => {
      setPresentation(null);
      setStatus('reconnecting');
      // The server ended it: the next handshake says whether the link still stands.
      if (reason === 'io server disconnect') socket.connect();
    });
    return () => {
      socket.disconnect();
    };
  }, [token, queryClient]);

  return { status, presentation };
}
