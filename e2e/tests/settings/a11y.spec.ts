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

// A table wider than its card scrolls inside it: the card is then a keyboard stop, and only then.
test('a table card takes the keyboard focus while its table is wider than it', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 900 });
  await signInAs(page, 'admin', '/settings');
  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row', { name: 'Avery Admin' })).toBeVisible();
  const card = people.locator('xpath=..');
  const overflows = () => card.evaluate((element) => element.scrollWidth > element.clientWidth);

  expect(await overflows()).toBe(false);
  await expect(card).not.toHaveAttribute('tabindex');

  // People's nine columns are wider than the card beside the sidebar at 1,024 px.
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect.poll(overflows).toBe(true);
  await expect(card).toHaveAttribute('tabindex', '0');
  await card.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => card.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1920, height: 900 });
  await expect.poll(overflows).toBe(false);
  await expect(card).not.toHaveAttribute('tabindex');
});
