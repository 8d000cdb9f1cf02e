import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { newContext } from './clock.ts';
import { signInAs, type DemoUser } from './demo.ts';

export interface Person {
  context: BrowserContext;
  page: Page;
}

/** A browser of its own (separate cookies and socket), signed in as `user`, on `path` and live. */
export async function openAs(browser: Browser, user: DemoUser, path: string): Promise<Person> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInAs(page, user, path);
  await expectLive(page);
  return { context, page };
}

/** What the shell marks while the page's socket is connected. */
const liveMark = (page: Page) => page.locator('[data-live="online"]');

/** The page's socket is connected: pushed changes reach it from now on. */
export async function expectLive(page: Page): Promise<void> {
  await expect(liveMark(page)).toBeAttached();
}

/**
 * How far the page's clock moves on between two looks while it waits to be live again. Socket.IO's
 * client waits longer after each failed attempt, up to 5 s with ±50 % jitter: a few steps reach its
 * next attempt without the test waiting for it, and a step is far shorter than the 20 s an attempt
 * in flight may take before the client gives it up.
 */
const RECONNECT_STEP_MS = 2_500;

/** The page's socket connects again, now that its server can be reached, however long Socket.IO meant to wait. */
export async function expectLiveAgain(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.fastForward(RECONNECT_STEP_MS);
      return liveMark(page).count();
    })
    .toBe(1);
}

/** Marks the document, so a test can prove later that the page was never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __notReloaded?: boolean }).__notReloaded = true;
  });
}

export async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
}

/**
 * The follower's page has come to rest on the card the presenter selected: the card in view and
 * the page still over three frames, so the smooth scroll that brought the card is over (it starts
 * on the frame after the card shows). A wheel sent while that scroll still runs is lost to it, so a
 * test that scrolls on its own waits for this first.
 */
export async function expectShownAtRest(card: Locator): Promise<void> {
  await expect(card).toBeInViewport();
  await expect
    .poll(() =>
      card.page().evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const before = window.scrollY;
            const frame = (left: number) => (left === 0 ? resolve(window.scrollY === before) : requestAnimationFrame(() => frame(left - 1)));
            frame(3);
          }),
      ),
    )
    .toBe(true);
  await expect(card).toBeInViewport();
}
