import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type TThreadSubject } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { commentKeys } from '../../../lib/query-keys/comment-keys';

const ignoreAnswer = () => {};

/**
 * Opens the thread on the live socket while mounted (docs/PRODUCT.md#comments): its writes
 * (`comment:changed`) and who is typing in it come only to sockets that have it open. Opens it
 * again after every reconnection, as the V2MOM's room is joined again (rooms do not survive one
 * the server could not recover; the live bridge then reads everything again), and closes it on
 * unmount; a closed tab's socket leaves as it drops. A thread cached from an earlier visit heard
 * nothing while closed, so what was read before it opened is read again.
 */
export function useThreadRoom(subject: TThreadSubject, subjectId: number): void {
  const socket = useAtomValue(liveSocketAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    let mounted = true;
    const thread = { subject, subjectId };

    const open = (readAgain: boolean) => {
      // The browser's own clock, not lib/clock.ts: it is compared with React Query's dataUpdatedAt.
      const askedAt = Date.now();
      socket.emit(LIVE_EVENTS.openThread, thread, (answer) => {
        if (!mounted || 'error' in answer || !readAgain) return;
        void queryClient.invalidateQueries({
          queryKey: commentKeys.thread(subject, subjectId),
          predicate: ({ state }) => state.dataUpdatedAt > 0 && state.dataUpdatedAt < askedAt,
        });
      });
    };
    // A connection after this mount: the live bridge decides what it missed.
    const onConnect = () => open(false);

    socket.on('connect', onConnect);
    if (socket.connected) open(true);

    return () => {
      mounted = false;
      socket.off('connect', onConnect);
      if (socket.connected) socket.emit(LIVE_EVENTS.closeThread, thread, ignoreAnswer);
    };
  }, [socket, queryClient, subject, subjectId]);
}
