import { useEffect } from 'react';

export interface ListPlacement {
  /** As wide as the reference (a picker's input); otherwise as wide as its options, kept on screen. */
  matchWidth: boolean;
  maxHeightPx: number;
}

/**
 * Keeps an open list under its reference (above it where there is no room below), no taller than
 * the room it has, following scrolls and resizes. floating-ui loads when a list first opens
 * (list-placement.ts): a screen with a picker or a comment box on it does not download it.
 */
export function useListPlacement(open: boolean, reference: HTMLElement | null, floating: HTMLElement | null, placement: ListPlacement) {
  const { matchWidth, maxHeightPx } = placement;
  useEffect(() => {
    if (!open || !reference || !floating) return;
    let stop: (() => void) | undefined;
    let closed = false;
    void import('./list-placement').then(({ placeListBelow }) => {
      if (!closed) stop = placeListBelow(reference, floating, { matchWidth, maxHeightPx });
    });
    return () => {
      closed = true;
      stop?.();
    };
  }, [open, reference, floating, matchWidth, maxHeightPx]);
}
