import { expect, test } from '@playwright/test';
import { signInAs } from '../../support/demo.ts';
import { uniqueTitle } from '../../support/v2mom-documents.ts';

test('a created person signs in with the temporary password, must change it, and a deactivation sends their tab to /login at once', async ({
  page,
  browser,
  baseURL,
}) => {
  const username = uniqueTitle('dana').toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await signInAs(page, 'admin', '/settings');

  // The administrator creates the account and reads its temporary password, shown once.
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Name', { exact: true }).fill('Dana Lee');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  const shown = page.getByRole('dialog', { name: 'Temporary password' });
  const temporaryPassword = (await shown.getByLabel('Temporary password').textContent())?.trim() ?? '';
  expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);
  await shown.getByRole('button', { name: 'Done' }).click();

  // The new person signs in and is held on /account until they chose their own password.
  const theirs = await browser.newContext({ baseURL });
  const tab = await theirs.newPage();
  await tab.goto('/login');
  await tab.getByLabel('Username').fill(username);
  await tab.getByLabel('Password').fill(temporaryPassword);
  await tab.getByRole('button', { name: 'Log in' }).click();
  await expect(tab).toHaveURL(/\/account$/);
  await expect(tab.getByText('Choose a new password')).toBeVisible();
  await tab.goto('/tasks');
  await expect(tab).toHaveURL(/\/account$/);
  const form = tab.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current password').fill(temporaryPassword);
  await form.getByLabel('New password', { exact: true }).fill('my-own-secret-1');
  await form.getByLabel('Confirm new password').fill('my-own-secret-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(tab.getByRole('region', { name: 'Profile' })).toBeVisible();
  await tab.goto('/dashboard');
  await expect(tab.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The administrator deactivates them: their open tab lands on /login within a second of the
  // server's answer (its socket is closed, the tab re-checks its session and finds none).
  await page.getByLabel('Search people').fill(username);
  const row = page.getByRole('row', { name: 'Dana Lee' });
  await row.getByRole('button', { name: 'Deactivate Dana Lee' }).click();
  const answered = page.waitForResponse((response) => response.url().endsWith('/deactivate'));
  await page.getByRole('alertdialog', { name: 'Deactivate Dana Lee?' }).getByRole('button', { name: 'Deactivate' }).click();
  await answered;
  const deactivatedAt = Date.now();
  await expect(tab).toHaveURL(/\/login$/, { timeout: 1_000 });
  test.info().annotations.push({ type: 'deactivation to /login', description: `${Date.now() - deactivatedAt} ms` });
  await expect(row).toContainText('Inactive');
  await theirs.close();
});
