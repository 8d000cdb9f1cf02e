import { autoUpdate, computePosition, flip, offset, shift, size } from '@floating-ui/react';
import type { ListPlacement } from './use-list-placement';

/**
 * Places `floating` under `reference` (above it where there is no room below), as wide as it or
 * kept on screen, and at most `maxHeightPx` tall within the room it has, and keeps it there through scrolls and resizes until
 * the answered function is called. A module of its own so that only these pieces of floating-ui
 * come with it.
 */
export function placeListBelow(reference: HTMLElement, floating: HTMLElement, { matchWidth, maxHeightPx }: ListPlacement): () => void {
  let stopped = false;
  const place = () =>
    void computePosition(reference, floating, {
      strategy: 'fixed',
      placement: 'bottom-start',
      middleware: [
        offset(4),
        flip({ padding: 8 }),
        ...(matchWidth ? [] : [shift({ padding: 8 })]),
        size({
          padding: 8,
          apply: ({ rects, availableHeight, elements }) => {
            if (matchWidth) elements.floating.style.width = `${rects.reference.width}px`;
            elements.floating.style.maxHeight = `${Math.min(maxHeightPx, availableHeight)}px`;
          },
        }),
      ],
    }).then(({ x, y }) => {
      if (!stopped) Object.assign(floating.style, { position: 'fixed', left: `${x}px`, top: `${y}px` });
    });
  const stopUpdates = autoUpdate(reference, floating, place);
  return () => {
    stopped = true;
    stopUpdates();
  };
}
