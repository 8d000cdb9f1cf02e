import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Where the suite leaves screenshots of each screen for people to look at (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Saves the whole page as `e2e/screenshots/<name>.png`, for review: a screen in each theme, a
 * phone layout; `fullPage: false` keeps what the screen shows (a sheet over the page). It
 * asserts nothing; the spec that calls it does. Not in CI, which keeps only what the run prints.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.CI) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Long lists let the browser skip rendering what is out of view (content-visibility: auto),
  // which a whole-page capture would show blank: render it all for the picture.
  const renderAll = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage });
  await renderAll.evaluate((style) => (style as Element).remove());
}
