import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { signInRequest, uniqueTitle, userIdOf } from '../../support/v2mom-documents.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const rows = (page: Page) => panel(page).getByRole('link');

/** The row that has focus, by its words: a row is a link whose name starts with what it says. */
const focusedRow = (page: Page) => page.evaluate(() => document.activeElement?.closest('a')?.textContent ?? null);

async function openFromKeyboard(page: Page): Promise<void> {
  await bell(page).focus();
  await page.keyboard.press('Enter');
  await expect(rows(page).first()).toBeVisible();
}

// Logan is given more tasks than the panel's first page and window hold; nobody else counts Logan's notifications.
test('the notification panel from the keyboard: arrows, Home, End across the window, Enter opens, Esc goes back to the bell', async ({ page, request }) => {
  await signInRequest(request, 'admin');
  const loganId = await userIdOf(request, 'lead');
  const batch = uniqueTitle('Keyed task');
  for (let index = 1; index <= 40; index++) {
    const created = await request.post('/api/tasks', { data: { title: `${batch} ${index}`, description: 'From the keyboard', ownerId: loganId } });
    expect(created.status(), await created.text()).toBe(201);
  }
  await signInAs(page, 'lead', '/dashboard');
  await openFromKeyboard(page);

  await page.keyboard.press('ArrowDown');
  await expect(rows(page).first()).toBeFocused();
  expect(await focusedRow(page)).toContain(`'${batch} 40'`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focusedRow(page)).toContain(`'${batch} 38'`);
  await page.keyboard.press('ArrowUp');
  expect(await focusedRow(page)).toContain(`'${batch} 39'`);

  // End: the last row loaded, far outside the first window, scrolled to and focused.
  await page.keyboard.press('End');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('href', '/tasks');
  await expect(focused).toBeInViewport();
  expect(await panel(page).getByTestId('notification-list').evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
  const last = await focusedRow(page);
  expect(last).not.toContain(`'${batch} 40'`);

  await page.keyboard.press('Home');
  await expect(rows(page).first()).toBeFocused();
  await expect(rows(page).first()).toBeInViewport();
  expect(await focusedRow(page)).toContain(`'${batch} 40'`);

  // The focused row stays in the window (and focused) when the list is scrolled away from it.
  await page.keyboard.press('ArrowDown');
  await panel(page).getByTestId('notification-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await expect(page.locator(':focus')).toHaveAttribute('href', '/tasks');
  expect(await focusedRow(page)).toContain(`'${batch} 39'`);

  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();

  await openFromKeyboard(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(panel(page)).toBeHidden();

  // Pictured with a focused row, in each theme, on a desktop and on a phone.
  for (const theme of ['light', 'dark'] as const) {
    await page.getByRole('combobox', { name: 'Theme' }).first().selectOption(theme);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openFromKeyboard(page);
      for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
      await expect(rows(page).nth(2)).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `notification-panel-keys-${theme}-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
    }
  }
});
