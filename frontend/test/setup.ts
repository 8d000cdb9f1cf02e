import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy route chunks are transformed on first import, which can take over a second on a cold run.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers(); // a test's set clock (test/clock.ts) or fake timers end with it
  if (typeof window === 'undefined') return; // node-environment tests (the bundle check)
  cleanup();
  window.localStorage.clear();
});
