import { LIVE_EVENTS, type TEntityChangedEvent } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { liveSocketAtom } from './live-state';

/**
 * Calls `listener` with every change the server announces while the component is mounted.
 * Screens rarely need this (the live bridge already refreshes their queries); the V2MOM form
 * does, to tell its user that the document changed underneath them.
 */
export function useEntityChanged(listener: (event: TEntityChangedEvent) => void): void {
  const socket = useAtomValue(liveSocketAtom);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!socket) return;
    const handle = (event: TEntityChangedEvent) => latest.current(event);
    socket.on(LIVE_EVENTS.entityChanged, handle);
    return () => {
      socket.off(LIVE_EVENTS.entityChanged, handle);
    };
  }, [socket]);
}
