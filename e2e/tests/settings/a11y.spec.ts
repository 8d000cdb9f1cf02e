import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';

// axe on the account page and every Settings tab, with the user dialog open, in both themes.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('the account page', async ({ page }) => {
      await signInAs(page, 'member', '/account');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('list', { name: 'Active sessions' }).getByText('This browser')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('Settings: People with the user dialog open, Departments, API tokens, Audit log', async ({ page }) => {
      test.slow(); // five axe runs
      await signInAs(page, 'admin', '/settings');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('table', { name: 'People' }).getByRole('row', { name: 'Avery Admin' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add user' }).click();
      await expect(page.getByRole('dialog', { name: 'Add user' }).getByLabel('Username')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Departments' }).click();
      await expect(page.getByRole('list', { name: 'Departments' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('tab', { name: 'API tokens' }).click();
      await expect(page.getByRole('table', { name: 'API tokens' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('tab', { name: 'Audit log' }).click();
      // A fresh database may hold no entry yet when this runs: either state is checked.
      await expect(page.getByRole('table', { name: 'Audit log' }).or(page.getByText('Nothing recorded yet'))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
