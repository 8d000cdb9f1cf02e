import { vi } from 'vitest';

/**
 * Sets "now" to `at` for the rest of the test: the browser's clock (lib/clock.ts), luxon and the
 * contracts' rules all read Date, and Date alone is faked, so timers, and a test's waits for a
 * state, run as ever. It stands still until the test moves it (vi.setSystemTime);
 * test/setup.ts puts the real one back after each test.
 */
export function setClock(at: string | number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(at) });
}
