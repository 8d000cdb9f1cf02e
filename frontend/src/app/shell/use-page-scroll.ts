import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** What the reader does to scroll on their own: a restore still waiting for its page gives way to it. */
const READER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function scrollTo(top: number) {
  if (window.scrollY !== top) window.scrollTo(0, top);
}

/**
 * Scrolls to `top` once the page is tall enough to hold it: a page coming back may still be
 * drawing its rows. Gives up when the reader scrolls first; returns how to give up.
 */
function scrollOnceReachable(top: number): () => void {
  const reachable = () => top <= 0 || document.documentElement.scrollHeight - window.innerHeight >= top;
  if (reachable() || typeof ResizeObserver === 'undefined') {
    scrollTo(top);
    return () => {};
  }
  const observer = new ResizeObserver(() => {
    if (!reachable()) return;
    stop();
    scrollTo(top);
  });
  const stop = () => {
    observer.disconnect();
    for (const type of READER_SCROLLS) window.removeEventListener(type, stop);
  };
  observer.observe(document.body);
  for (const type of READER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** Where the reader was on each history entry of this tab, kept across a reload (sessionStorage). */
const POSITIONS_KEY = 'v2mom-scroll-positions';
/** The entries kept: the newest, as Back rarely goes further. */
const POSITIONS_KEPT = 50;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(POSITIONS_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(stored.filter((entry): entry is [string, number] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number'));
  } catch {
    return new Map(); // storage blocked or unreadable: positions last while the page is open
  }
}

let tabPositions: Map<string, number> | undefined;

/** The tab's positions, by history entry: read from storage once, then kept up to date in place. */
function positionsOfTab(): Map<string, number> {
  tabPositions ??= readPositions();
  return tabPositions;
}

function keepPositions() {
  try {
    window.sessionStorage.setItem(POSITIONS_KEY, JSON.stringify([...positionsOfTab()].slice(-POSITIONS_KEPT)));
  } catch {
    // storage blocked or full: a reload starts at the top
  }
}

/**
 * A page opened anew starts at its top; Back, Forward and a reload return to where the reader was
 * on it (docs/PRODUCT.md#shell). The window is the scroll container. Only a change of page counts:
 * a page changing its own address (a quarter, a filter, a comment link) keeps its scroll.
 */
export function usePageScroll(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<{ key: string; pathname: string } | null>(null);

  useEffect(() => {
    // The browser would restore at the moment of the history step, before the page it returns to is drawn.
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (!shown.current) return;
      // Re-inserted, so the newest entries are the ones kept.
      const positions = positionsOfTab();
      positions.delete(shown.current.key);
      positions.set(shown.current.key, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', keepPositions);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', keepPositions);
      keepPositions();
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // A restore still waiting for its page: a later change of page cancels it. Not tied to the
  // effect's cleanup, which React's strict mode also runs on mounting.
  const restoring = useRef(() => {});
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { key: location.key, pathname: location.pathname };
    if (before?.pathname === location.pathname) return;
    restoring.current();
    restoring.current = () => {};
    if (navigationType !== 'POP') {
      scrollTo(0);
      return;
    }
    // Back or Forward to another page, or this page loaded again.
    const saved = positionsOfTab().get(location.key);
    if (saved !== undefined) restoring.current = scrollOnceReachable(saved);
    else if (before) scrollTo(0);
  }, [location.key, location.pathname, navigationType]);
}
