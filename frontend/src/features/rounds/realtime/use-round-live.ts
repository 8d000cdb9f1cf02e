import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { roundKeys } from '../../../lib/query-keys/round-keys';

/**
 * The round after a reconnection (docs/PRODUCT.md#the-check-in-round): it is read again, for what
 * was missed. Its events (a start, move or end, a check-in) reach the panel through the live bridge
 * (app/live/live-rounds.ts).
 */
export function useRoundLive(): void {
  const socket = useAtomValue(liveSocketAtom);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: roundKeys.active() });
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    return () => void socket.off('connect', onConnect);
  }, [socket, queryClient]);
}
