import { useEffect, useState } from 'react';

/** How long typing pauses before a search is asked of the server. */
const SEARCH_PAUSE_MS = 250;

/** `value` once it has stayed the same for `SEARCH_PAUSE_MS`: what a search as one types asks for. */
export function usePausedValue(value: string): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return paused;
}
