import { test as base } from '@playwright/test';
import { followServerClock } from './clock.ts';

export { expect } from '@playwright/test';

/**
 * The specs' `test`: its `context`, and so its `page`, runs on the suite server's clock, which
 * starts at SUITE_CLOCK_START (support/clock.ts). A context a spec opens itself comes from
 * `newContext` (support/clock.ts) for the same reason.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await followServerClock(context);
    await use(context);
  },
});
