import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { fiscalQuarterOf, fiscalYearOf, type THealth } from '@v2mom/contracts';

/**
 * Where the suite's server starts its clock (CLOCK_START, docs/PRODUCT.md#clock) and so the day
 * every spec sees, whatever day it runs on; the demo is seeded as of it.
 * - Q2 of fiscal 2026 (docs/PRODUCT.md#fiscal-quarters), the fiscal year the specs' V2MOMs name:
 *   Q1 has ended (the COO View shows it as it ended, the demo has reviewed it), Q3 and Q4 are to come.
 * - Between two review windows (docs/PRODUCT.md#quarter-review): Q1's closed on 29 November and
 *   Q2's opens on 18 January, so no screen asks anyone for a review.
 * - Midday UTC in mid-month: the same date in every time zone from UTC-11 to UTC+11, weeks away
 *   from a quarter's turn, the New Year and the clocks changing, however long a run takes.
 */
export const SUITE_CLOCK_START = '2026-12-09T12:00:00Z';

/** The fiscal quarter and year of the suite's day. */
export const SUITE_QUARTER = fiscalQuarterOf(new Date(SUITE_CLOCK_START));
export const SUITE_FISCAL_YEAR = fiscalYearOf(new Date(SUITE_CLOCK_START));

/**
 * Sets the context's pages on the clock of the server at its base URL, which started at
 * `clockStart` when it booted and runs on: Playwright's clock, installed at the server's now and
 * running from there. The server's uptime (/api/health) says how far its clock has run; it counts
 * from a little before the clock started, so pages run at most a few seconds ahead of the server.
 */
export async function followServerClock(context: BrowserContext, clockStart: string = SUITE_CLOCK_START): Promise<void> {
  const health = (await (await context.request.get('/api/health')).json()) as THealth;
  await context.clock.install({ time: Date.parse(clockStart) + health.uptimeSeconds * 1000 });
}

/** A browser context of its own (cookies, socket) whose pages run on the server's clock. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}, clockStart?: string): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await followServerClock(context, clockStart);
  return context;
}

/**
 * How far a paused page's clock jumps to where it stops. Pausing needs a time still ahead of the
 * page's clock when the call reaches it; a second is far more than that takes, and far less than
 * any timer a spec pauses for (a note or a typing mark that lasts five or six seconds).
 */
const PAUSE_AHEAD_MS = 1_000;
/**
 * How much of a paused page's time passes between two looks: enough that the live bridge's short
 * waits before a refetch (at most 1.4 s) pass within a few looks; a note that lasts longer than a
 * step is seen before it goes.
 */
const STEP_MS = 250;

/**
 * Stops the page's clock: a note that lasts seconds stays until the spec moves time on, however
 * slow the machine. The page's timers stop with it, the live bridge's batching and React Query's
 * notifications included: wait with `runClockUntilVisible`, or resume the clock first.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + PAUSE_AHEAD_MS);
}

/** On a page whose clock is paused: runs its timers by STEP_MS of its time between looks until `locator` is visible. */
export async function runClockUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(STEP_MS);
        return locator.isVisible();
      },
      { message: `${locator} becomes visible while the page's clock runs by steps` },
    )
    .toBe(true);
}
