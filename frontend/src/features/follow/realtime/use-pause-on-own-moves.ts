import { useEffect } from 'react';

/**
 * Keys that scroll the page, and the COO View's 1 to 4 that pick a quarter: pressing one is the
 * viewer moving on their own.
 */
const OWN_MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ', '1', '2', '3', '4']);

/** Marks the follow bar: what happens in it (Follow again) is not the viewer moving away. */
export const FOLLOW_BAR_ATTRIBUTE = 'data-follow-bar';

const inFollowBar = (target: EventTarget | null) => target instanceof Element && target.closest(`[${FOLLOW_BAR_ATTRIBUTE}]`) !== null;

/**
 * While `active`, the viewer's own scrolling (wheel, touch, scrolling keys), quarter keys or clicking calls
 * `pause` (docs/PRODUCT.md#following-the-presenter); the scrolling the page does to follow the
 * presenter fires none of these.
 */
export function usePauseOnOwnMoves(active: boolean, pause: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onMove = (event: Event) => {
      if (!inFollowBar(event.target)) pause();
    };
    const onKey = (event: KeyboardEvent) => {
      if (OWN_MOVE_KEYS.has(event.key)) onMove(event);
    };
    const options = { capture: true, passive: true };
    window.addEventListener('wheel', onMove, options);
    window.addEventListener('touchmove', onMove, options);
    window.addEventListener('pointerdown', onMove, options);
    window.addEventListener('keydown', onKey, options);
    return () => {
      window.removeEventListener('wheel', onMove, options);
      window.removeEventListener('touchmove', onMove, options);
      window.removeEventListener('pointerdown', onMove, options);
      window.removeEventListener('keydown', onKey, options);
    };
  }, [active, pause]);
}
