import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
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
export const liveMark = (page: Page) => page.locator('[data-live="online"]');

/** The page's socket is connected: pushed changes reach it from now on. */
export async function expectLive(page: Page): Promise<void> {
  await expect(liveMark(page)).toBeAttached();
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
