import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { SUITE_FISCAL_YEAR } from '../../support/clock.ts';
import { signInAs } from '../../support/demo.ts';
import { useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

const briefPanel = (page: Page) => page.getByRole('region', { name: 'Meeting brief' });

test.describe('The meeting brief on the COO View', () => {
  test('heads the view with what went At Risk since the last meeting, each item a link to its screen; it folds away', async ({ page, request }) => {
    // A name that sorts first, so the brief's top five At Risk hold it whatever else the suite made.
    const description = uniqueTitle('0 Brief risk');
    // Of the fiscal year the suite's clock is in: the brief counts that year's methods.
    const v2mom = await createV2mom(request, 'lead', { title: uniqueTitle('Brief V2MOM'), year: SUITE_FISCAL_YEAR, methods: [{ description, status: 'in_progress', progress: 10 }] });
    const method = v2mom.methods[0]!;
    await signInRequest(request, 'lead');
    const checkIn = await request.put(`/api/methods/${method.id}`, { data: { version: method.version, status: 'at_risk', progress: 15 } });
    expect(checkIn.status(), await checkIn.text()).toBe(200);

    await signInAs(page, 'admin', '/coo-view');
    const brief = briefPanel(page);
    await expect(brief).toContainText('Brief for the COO meeting on');
    const link = brief.getByRole('link', { name: description }).first();
    await expect(link).toBeVisible();
    await expect(brief).toContainText('Written by the built-in analyst');

    const toggle = brief.getByRole('button', { name: 'Meeting brief' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    await toggle.click();

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/method/${method.id}$`));
    await expect(page.getByRole('heading', { name: description })).toBeVisible();
  });

  test('reads on a phone in the dark theme, nothing wider than the screen', async ({ page }) => {
    await useTheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin', '/coo-view');
    const brief = briefPanel(page);
    await expect(brief).toContainText('Brief for the COO meeting on');
    await expect(brief.locator('[aria-busy="false"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'coo-view-brief-phone-dark');
  });
});
