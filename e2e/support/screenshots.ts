import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Where the suite leaves screenshots of each screen for people to look at (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Saves the whole page as `e2e/screenshots/<name>.png`, for review: a screen in each theme, a
 * phone layout. It asserts nothing; the spec that calls it does. Not in CI, which keeps only what
 * the run prints.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.CI) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
}
