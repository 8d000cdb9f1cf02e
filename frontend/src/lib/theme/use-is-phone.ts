import { useSyncExternalStore } from 'react';
import { media } from './tokens';

/** The media query of `media.mobile`, for code. */
const PHONE_QUERY = media.mobile.replace('@media ', '');

/** Where the platform cannot say (no `matchMedia`), the desktop layout. */
const hasMediaQueries = () => typeof window.matchMedia === 'function';

function subscribePhone(listener: () => void) {
  if (!hasMediaQueries()) return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Whether the screen is below the desktop breakpoint, as `media.mobile` says in CSS. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribePhone, () => hasMediaQueries() && window.matchMedia(PHONE_QUERY).matches);
}
