import type { Page } from '@playwright/test';
import { signInAs } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';

// The app runs under a CSP without 'unsafe-eval' (backend/src/http/security.ts). Nothing it does
// may need more: every violation the browser reports, on the screens that parse the most, fails.

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

test('the dashboard and the V2MOM form run without a CSP violation', async ({ page }) => {
  await recordViolations(page);
  await signInAs(page, 'admin');
  await expect(page.getByRole('table', { name: 'Team Progress' }).getByRole('row').nth(1)).toBeVisible();
  await page.goto('/my-v2mom/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create V2MOM' })).toBeVisible();
  // A year the form's schema refuses: the form validates (zod) and writes nothing.
  await page.getByLabel('Year').fill('1999');
  await page.getByRole('button', { name: 'Save V2MOM' }).click();
  await expect(page.getByText('Enter a valid year')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
