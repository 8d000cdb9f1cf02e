import type { TEntityChangedEvent } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { entityChangedStreamAtom } from './live-state';

/**
 * Calls `listener` with every change the server announces while the component is mounted, as the
 * live bridge parsed it. Screens rarely need this (the live bridge already refreshes their
 * queries); the V2MOM form does, to tell its user that the document changed underneath them.
 */
export function useEntityChanged(listener: (event: TEntityChangedEvent) => void): void {
  const stream = useAtomValue(entityChangedStreamAtom);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => stream?.subscribe((event) => latest.current(event)), [stream]);
}
