import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * axe on the current page, or on the part `within` selects (a CSS selector): no serious or critical
 * violations, each listed with its elements. A part keeps the scan short on a long screen whose
 * whole page another spec scans.
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: string): Promise<void> {
  // A dialog fading in is still translucent: judge colours once entrances have finished. They take
  // well under a second; a toast's countdown bar runs its whole 5 s, and a pulse never ends.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) <= 1_000)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself. The default also opens a blank page to merge results
  // from cross-origin frames, which no screen of the app holds; that took as long as the checks.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const results = await (within ? axe.include(within) : axe).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ')})` : ''}`).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Presses Tab `presses` times; after each, focus must be inside `container`. At either end of a
 * dialog focus first lands on floating-ui's focus guard, which hands it back inside on the next
 * animation frame, so each check waits for focus to settle rather than reading it at once.
 */
export async function expectTabStaysWithin(page: Page, container: Locator, presses: number): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    await expect.poll(() => container.evaluate((el) => el.contains(document.activeElement)), { message: `focus inside after Tab ${i + 1}` }).toBe(true);
  }
}

/**
 * axe's colour-contrast rule on one element's text, against what shows under it, held to WCAG AA's
 * 4.5:1 for body text even where axe would let large text pass at 3:1.
 */
export async function expectReadableText(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  await element.evaluate((node) => node.setAttribute('data-contrast-check', ''));
  const results = await new AxeBuilder({ page: element.page() }).setLegacyMode().include('[data-contrast-check]').withRules(['color-contrast']).analyze();
  await element.evaluate((node) => node.removeAttribute('data-contrast-check'));
  expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.failureSummary?.replace(/\s+/g, ' ')))).toEqual([]);
  // Judged, not skipped: axe passes over text it cannot read the background of as "incomplete".
  const ratios = results.passes.flatMap((pass) => pass.nodes.flatMap((node) => node.any.map((check) => (check.data as { contrastRatio?: number } | null)?.contrastRatio ?? 0)));
  expect(ratios).not.toHaveLength(0);
  for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);
}
