import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { signInAsUsername, useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, FULL_DOCUMENT, uniqueTitle } from '../../support/v2mom-documents.ts';

// axe on every built screen, in both themes, with its dialogs and states open.
// Each test first proves the theme really applies, so a dark run can never silently check light.

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('dashboard, and with the Add Obstacle dialog open', async ({ page }) => {
      await signInAs(page, 'admin');
      await expectTheme(page, theme);
      await expect(page.getByRole('link', { name: /^Methods on Track / })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Team Progress' }).getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Key Metrics' }).getByRole('listitem').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add Obstacle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Obstacle' });
      // The dialog focuses its first field once it is drawn; the picker is opened after that, not closed by it.
      await expect(dialog.getByLabel('Description')).toBeFocused();
      // The first V2MOM the picker offers before anything is typed.
      await dialog.getByRole('combobox', { name: 'V2MOM' }).press('ArrowDown');
      await dialog.getByRole('listbox', { name: 'V2MOMs' }).getByRole('option').first().click();
      await expect(dialog.getByRole('checkbox').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('dashboard on a phone, with the menu open', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signInAs(page, 'member');
      await expectTheme(page, theme);
      await expect(page.getByRole('link', { name: /^Methods on Track / })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Team Progress' }).getByRole('row').nth(1)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('My V2MOMs, with cards and empty', async ({ page }) => {
      await signInAs(page, 'member', '/my-v2mom');
      await expectTheme(page, theme);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.context().clearCookies();
      await signInAsUsername(page, 'nina', '/my-v2mom'); // owns no V2MOM in the demo organisation
      await expect(page.getByRole('heading', { name: 'No V2MOMs Created Yet' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('Team V2MOMs, with rows and with no match', async ({ page }) => {
      await signInAs(page, 'viewer', '/team-v2moms');
      await expectTheme(page, theme);
      await expect(page.getByTestId('team-v2mom-row').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByPlaceholder('Search title or owner...').fill('no such V2MOM anywhere');
      await expect(page.getByText('No V2MOMs found matching your criteria')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('V2MOM detail with Obstacles & Measures shown, and its not-found state', async ({ page, request }) => {
      const v2mom = await createV2mom(request, 'admin', { title: uniqueTitle('A11y detail'), ...FULL_DOCUMENT });
      await signInAs(page, 'admin', `/v2mom/${v2mom.id}`);
      await expectTheme(page, theme);
      await expect(page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
      await page.getByRole('button', { name: 'Show Obstacles & Measures' }).click();
      await expect(page.getByText('No shared kickoff owner')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto('/v2mom/999999');
      await expect(page.getByRole('heading', { name: 'V2MOM Not Found' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('the delete confirmation, both steps', async ({ page, request }) => {
      const v2mom = await createV2mom(request, 'admin', { title: uniqueTitle('A11y delete'), ...FULL_DOCUMENT });
      await signInAs(page, 'admin', `/v2mom/${v2mom.id}`);
      await expectTheme(page, theme);
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete this V2MOM?' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Type DELETE to confirm' }).getByLabel('Confirmation')).toBeFocused();
      await expectNoSeriousA11yViolations(page);
    });

    test('V2MOM form: create, every tab of edit, and its Delete dialog', async ({ page, request }) => {
      const v2mom = await createV2mom(request, 'admin', { title: uniqueTitle('A11y form'), ...FULL_DOCUMENT });
      await signInAs(page, 'admin', '/my-v2mom/create');
      await expectTheme(page, theme);
      await expect(page.getByRole('heading', { level: 1, name: 'Create V2MOM' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto(`/my-v2mom/edit/${v2mom.id}`);
      await expect(page.getByLabel('Title')).toHaveValue(v2mom.title);
      for (const tab of ['Values', 'Methods', 'Obstacles', 'Measures']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectNoSeriousA11yViolations(page);
      }

      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
