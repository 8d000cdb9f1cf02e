import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

const ignoreAnswer = () => {};

/**
 * Says that the alignment map is open while mounted (docs/PRODUCT.md#alignment-map): roll-ups
 * come only to open maps, and are not even read while none is open anywhere. So once the server
 * acknowledged, the map's pages are read again (they may have been read before roll-ups came to
 * this socket), and again on `alignment:changed`; a reconnection says it is open again, as rooms
 * do not survive one. On unmount it says it closed, and the map's pages, which no roll-up patches
 * any more, are dropped: a map opened later reads them afresh rather than show old figures.
 */
export function useAlignmentWatch(): void {
  const socket = useAtomValue(liveSocketAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    let mounted = true;
    // A read still on its way may have begun before: it is dropped (the map keeps what it had) and made again.
    const readAgain = () =>
      void queryClient
        .cancelQueries({ queryKey: v2momKeys.alignment() })
        .then(() => queryClient.invalidateQueries({ queryKey: v2momKeys.alignment() }));
    const open = () => {
      socket.emit(LIVE_EVENTS.watchAlignment, { open: true }, (answer) => {
        if (mounted && 'data' in answer) readAgain();
      });
    };
    socket.on('connect', open);
    socket.on(LIVE_EVENTS.alignmentChanged, readAgain);
    if (socket.connected) open();

    return () => {
      mounted = false;
      socket.off('connect', open);
      socket.off(LIVE_EVENTS.alignmentChanged, readAgain);
      if (socket.connected) socket.emit(LIVE_EVENTS.watchAlignment, { open: false }, ignoreAnswer);
      // Once the map's own components let go of them (they unmount after this effect); a map
      // mounted again at once (StrictMode) still holds them, and reads them again when answered.
      setTimeout(() => queryClient.removeQueries({ queryKey: v2momKeys.alignment(), predicate: (query) => query.getObserversCount() === 0 }), 0);
    };
  }, [socket, queryClient]);
}
