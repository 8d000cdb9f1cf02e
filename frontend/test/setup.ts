import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Every wait is for a state (findBy*, waitFor), and a screen's first one includes transforming its
// lazy route chunks: over 30 seconds on a two-core machine shared with other work. Half the test's
// own limit (vite.config.ts), so a state that never comes fails with what was on screen.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers(); // a test's set clock (test/clock.ts) or fake timers end with it
  if (typeof window === 'undefined') return; // node-environment tests (the bundle check)
  cleanup();
  window.localStorage.clear();
});
