import { signInAs } from '../../support/demo.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';

test('light is the default and a chosen theme survives a reload', async ({ page }) => {
  await signInAs(page, 'member');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByLabel('Theme').selectOption('dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('v2mom-theme'))).toBe('dark'); // the bare word

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
});

test("a stored dark theme shows before the app's JavaScript has loaded", async ({ page }) => {
  await useTheme(page, 'dark');
  await page.route('**/assets/*.js', (route) => route.abort()); // the app never starts
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(9, 9, 11)');
});

test.describe('system theme', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the operating system when chosen', async ({ page }) => {
    await signInAs(page, 'member');
    await page.getByLabel('Theme').selectOption('system');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
