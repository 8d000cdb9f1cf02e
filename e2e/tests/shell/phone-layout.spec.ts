import type { Page } from '@playwright/test';
import { signInAs } from '../../support/demo.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, FULL_DOCUMENT, uniqueTitle } from '../../support/v2mom-documents.ts';

// Every built screen fits a 360 px phone, in the dark theme too: nothing scrolls sideways.

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${screen} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

test('the built screens fit a 360 px phone', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'admin', { title: uniqueTitle('Phone layout'), ...FULL_DOCUMENT });
  await page.setViewportSize({ width: 360, height: 740 });
  await useTheme(page, 'dark');
  await signInAs(page, 'admin');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await expect(page.getByRole('table', { name: 'Team Progress' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the dashboard');
  await page.getByRole('button', { name: 'Add Obstacle' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Obstacle' }).getByRole('combobox', { name: 'V2MOM' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the Add Obstacle dialog');

  await page.goto('/my-v2mom');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'My V2MOMs');

  await page.goto('/team-v2moms');
  await expect(page.getByTestId('team-v2mom-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'Team V2MOMs');

  await page.goto(`/v2mom/${v2mom.id}`);
  await page.getByRole('button', { name: 'Show Obstacles & Measures' }).click();
  await expect(page.getByText('No shared kickoff owner')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the V2MOM detail');

  await page.goto(`/my-v2mom/edit/${v2mom.id}`);
  await expect(page.getByLabel('Title')).toHaveValue(v2mom.title);
  for (const tab of ['Vision', 'Values', 'Methods', 'Obstacles', 'Measures']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page, `the form's ${tab} tab`);
  }
});
