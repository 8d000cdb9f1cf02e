import type { Page } from '@playwright/test';
import { DEMO_USERS, signInAs, toast } from '../../support/demo.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';

const accountLink = (page: Page, user: keyof typeof DEMO_USERS) =>
  page.getByRole('link', { name: new RegExp(`^Account: ${DEMO_USERS[user].name}\\s*${DEMO_USERS[user].department}$`) });

test("the sidebar's user block opens the account page with the user's profile", async ({ page }) => {
  await signInAs(page, 'viewer');
  await accountLink(page, 'viewer').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText(DEMO_USERS.viewer.name);
  await expect(profile).toContainText(DEMO_USERS.viewer.department);
  await expect(profile).toContainText('Read only');
});

test('a wrong current password is refused beside its field and changes nothing', async ({ page }) => {
  await signInAs(page, 'member', '/account');
  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill('a-longer-secret');
  await form.getByLabel('Confirm new password').fill('a-longer-secret');
  await form.getByRole('button', { name: 'Change password' }).click();

  await expect(toast(page, 'Current password is incorrect')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  // Still signed in with the old password: the session works and nothing was changed.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});

test('on a 390 px phone the menu leads to the account page, which fits the screen in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, 'dark');
  await signInAs(page, 'lead');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Account: / }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
