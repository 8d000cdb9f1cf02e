import { DEMO_PASSWORD, toast } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';

test.describe('login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'V2MOM Tracker' })).toBeVisible();
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.getByLabel('Username').fill('member');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(toast(page, 'Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('missing fields are refused before anything is sent', async ({ page }) => {
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls.push(request.url());
    });
    await page.getByLabel('Username').fill('member');
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(toast(page, 'Username and password are required')).toBeVisible();
    expect(loginCalls).toEqual([]);
  });

  test('the right password reaches the dashboard shell', { tag: '@smoke' }, async ({ page }) => {
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(toast(page, 'Login successful')).toBeVisible();
    await expect(page.getByTestId('user-block')).toContainText('Avery Admin');
  });
});
