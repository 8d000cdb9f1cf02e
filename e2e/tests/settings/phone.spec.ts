import type { Page } from '@playwright/test';
import { signInAs } from '../../support/demo.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';

/** Arrow right along the tabs, to the tab named `name` kept in the URL as `key`, shown and focused. */
async function nextTab(page: Page, name: string, key: string) {
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`\\?tab=${key}$`));
  await expect(page.getByRole('tab', { name, exact: true, selected: true })).toBeFocused();
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${screen} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

test('every Settings tab fits a 390 px phone in the dark theme, and the tabs answer the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, 'dark');
  await signInAs(page, 'admin', '/settings');
  await expect(page.getByRole('table', { name: 'People' }).getByRole('row', { name: 'Avery Admin' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'People');
  await page.screenshot({ path: test.info().outputPath('people.png') });

  await page.getByRole('tab', { name: 'People' }).focus();
  await nextTab(page, 'Departments', 'departments');
  await expect(page.getByRole('list', { name: 'Departments' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Departments');

  await nextTab(page, 'Rhythm', 'rhythm');
  await expect(page.getByRole('form', { name: 'Company rhythm' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the rhythm');

  await nextTab(page, 'Company', 'company');
  await expect(page.getByRole('form', { name: 'Company', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the company');

  await nextTab(page, 'Meeting rooms', 'rooms');
  await expect(page.getByRole('form', { name: 'New meeting-room link' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the meeting rooms');

  await nextTab(page, 'API tokens', 'api-tokens');
  await expect(page.getByRole('table', { name: 'API tokens' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the API tokens');

  await nextTab(page, 'Webhooks', 'webhooks');
  await expect(page.getByRole('form', { name: 'New webhook' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the webhooks');

  await nextTab(page, 'Slack and Teams', 'chat');
  await expect(page.getByRole('form', { name: 'New channel' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Slack and Teams');
  await page.screenshot({ path: test.info().outputPath('slack-and-teams.png'), fullPage: true });

  await nextTab(page, 'Import', 'import');
  // One template for V2MOMs, one for people.
  await expect(page.getByRole('button', { name: 'Download template' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download template' }).last()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the import');

  await nextTab(page, 'Audit log', 'audit');
  await expect(page.getByLabel('Person')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the audit log');

  await nextTab(page, 'Email', 'email');
  await expect(page.getByText('No SMTP server is set (SMTP_URL): emails wait in the outbox below.')).toBeVisible();
  await expectNoSidewaysScroll(page, 'email');
});

test('on a phone, a Settings tab opened by its link is scrolled into the tab strip', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin', '/settings?tab=email');
  const tab = page.getByRole('tab', { name: 'Email', exact: true, selected: true });
  await expect(tab).toBeVisible();
  await expect(tab).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
