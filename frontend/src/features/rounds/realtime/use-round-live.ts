import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, ZRoundCheckedInEventSchema, ZRoundSchema } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { roundKeys } from '../../../lib/query-keys/round-keys';
import { putCheckIn, putRound } from '../api/round-cache';

/**
 * The round's live events (docs/PRODUCT.md#the-check-in-round): a start, move or end brings the
 * round's row, a check-in the person's row, each put where the panel holds it. After a
 * reconnection the round is read again, for what was missed.
 */
export function useRoundLive(): void {
  const socket = useAtomValue(liveSocketAtom);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onChanged = (payload: unknown) => {
      const parsed = ZRoundSchema.safeParse(payload);
      if (parsed.success) putRound(queryClient, parsed.data);
    };
    const onCheckedIn = (payload: unknown) => {
      const parsed = ZRoundCheckedInEventSchema.safeParse(payload);
      if (parsed.success) putCheckIn(queryClient, parsed.data);
    };
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: roundKeys.active() });
      connectedBefore = true;
    };
    socket.on(LIVE_EVENTS.roundChanged, onChanged);
    socket.on(LIVE_EVENTS.roundCheckedIn, onCheckedIn);
    socket.on('connect', onConnect);
    return () => {
      socket.off(LIVE_EVENTS.roundChanged, onChanged);
      socket.off(LIVE_EVENTS.roundCheckedIn, onCheckedIn);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
}
