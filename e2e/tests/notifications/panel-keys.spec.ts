import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { createPerson, settlePassword } from '../../support/people.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const rows = (page: Page) => panel(page).getByRole('link');

/** The words of the row that has focus (focus moves once the row is in the window: poll it). */
const focusedRow = (page: Page) => page.evaluate(() => document.activeElement?.closest('a')?.textContent ?? null);

async function openFromKeyboard(page: Page): Promise<void> {
  await bell(page).focus();
  await page.keyboard.press('Enter');
  await expect(rows(page).first()).toBeVisible();
  // Focus moves into the panel on the next animation frame: a key pressed before it would go to the bell.
  await expect(panel(page)).toBeFocused();
}

// A person of the test's own, so no other spec's writes notify them, is given more tasks than the
// panel's first page and window hold.
test('the notification panel from the keyboard: arrows, Home, End across the window, Enter opens, Esc goes back to the bell', async ({ page, request }) => {
  await signInRequest(request, 'admin');
  const person = await createPerson(request, 'keyboard');
  const batch = uniqueTitle('Keyed task');
  for (let index = 1; index <= 40; index++) {
    const created = await request.post('/api/tasks', { data: { title: `${batch} ${index}`, description: 'From the keyboard', ownerId: person.id } });
    expect(created.status(), await created.text()).toBe(201);
  }
  await settlePassword(page.request, person, 'Keyboard-only 2026!');
  await page.goto('/dashboard');
  await openFromKeyboard(page);

  await page.keyboard.press('ArrowDown');
  await expect(rows(page).first()).toBeFocused();
  await expect.poll(() => focusedRow(page)).toContain(`'${batch} 40'`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedRow(page)).toContain(`'${batch} 38'`);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedRow(page)).toContain(`'${batch} 39'`);

  // End: the last row loaded (the first page holds 30: task 11 or, once the next page came, an older one),
  // far outside the first window, scrolled to and focused.
  await page.keyboard.press('End');
  await expect.poll(() => focusedRow(page)).toMatch(new RegExp(`'${batch} ([1-9]|1[01])'`));
  await expect(page.locator(':focus')).toBeInViewport();
  await expect.poll(() => panel(page).getByTestId('notification-list').evaluate((list) => list.scrollTop)).toBeGreaterThan(0);

  await page.keyboard.press('Home');
  await expect(rows(page).first()).toBeFocused();
  await expect(rows(page).first()).toBeInViewport();
  await expect.poll(() => focusedRow(page)).toContain(`'${batch} 40'`);

  // The focused row stays in the window (and focused) when the list is scrolled away from it.
  await page.keyboard.press('ArrowDown');
  await panel(page).getByTestId('notification-list').evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await expect(page.locator(':focus')).toHaveAttribute('href', '/tasks');
  await expect.poll(() => focusedRow(page)).toContain(`'${batch} 39'`);

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
