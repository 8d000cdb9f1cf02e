import type { Locator, Page } from '@playwright/test';
import { API_ENDPOINTS, endpointUrl, ZDepartmentListSchema, ZTemporaryPasswordResponseSchema } from '@v2mom/contracts';
import { newContext } from '../../support/clock.ts';
import { signInAs } from '../../support/demo.ts';
import { createDepartment } from '../../support/people.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

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
  const theirs = await newContext(browser, { baseURL });
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

  // The administrator finds them (the server searches; the search stays in the URL) and deactivates
  // them: their open tab lands on /login (its socket is closed, the tab re-checks its session and
  // finds none). How soon is measured by bench/deactivation.bench.ts.
  await page.getByLabel('Search people').fill(username);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${username}`));
  const row = page.getByRole('row', { name: 'Dana Lee' });
  await row.getByRole('button', { name: 'Actions for Dana Lee' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate Dana Lee' }).click();
  const answered = page.waitForResponse((response) => response.url().endsWith('/deactivate'));
  await page.getByRole('alertdialog', { name: 'Deactivate Dana Lee?' }).getByRole('button', { name: 'Deactivate' }).click();
  await answered;
  await expect(tab).toHaveURL(/\/login$/);
  await expect(row).toContainText('Inactive');
  await theirs.close();

  // The status filter holds them among the deactivated, and no longer among the active.
  await page.getByLabel('Status').selectOption('Deactivated');
  await expect(page).toHaveURL(/[?&]active=false/);
  await expect(row).toContainText('Inactive');
  await page.getByLabel('Status').selectOption('Active');
  await expect(page.getByText('No people match your search')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The audit log finds them as one types, deactivated as they are, and lists what happened to them.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByRole('combobox', { name: 'Person' }).fill(username);
  await page.getByRole('option', { name: /^Dana Lee \(inactive\)/ }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: 'Deactivated user' })).toHaveCount(1);
  await expect(log.getByRole('row').filter({ hasText: 'Created user' })).toHaveCount(1);
});

test("what a deactivated person owns stays theirs, named '(inactive)'", async ({ page }) => {
  await signInAs(page, 'admin', '/dashboard');
  const departments = ZDepartmentListSchema.parse(await (await page.request.get(API_ENDPOINTS.listDepartments.path)).json());
  const name = uniqueTitle('Inez Owner');
  const data = { username: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name, departmentId: departments[0]!.id, role: 'user', capabilities: [] };
  const created = await page.request.post(API_ENDPOINTS.createUser.path, { data });
  expect(created.status()).toBe(201);
  const { user } = ZTemporaryPasswordResponseSchema.parse(await created.json());
  const description = uniqueTitle('Method of someone who leaves');
  const v2mom = await createV2mom(page.request, 'member', { title: uniqueTitle('Inactive owner'), methods: [{ description, ownerId: user.id }] });

  await page.goto(`/method/${v2mom.methods[0]!.id}`);
  const owner = page.getByRole('definition').filter({ hasText: name });
  await expect(owner).toBeVisible();
  await expect(owner).not.toContainText('(inactive)');
  expect((await page.request.post(endpointUrl(API_ENDPOINTS.deactivateUser, { id: user.id }))).status()).toBe(200);

  await page.reload();
  await expect(owner).toContainText(`${name} (inactive)`);
});

/** Presses Tab until `target` has the focus, as someone without a mouse would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 10; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether `inner` lies across within `outer`'s left and right edges: not cut off by a card that clips it. */
async function insideSideways(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  return a !== null && b !== null && a.x >= b.x && a.x + a.width <= b.x + b.width;
}

test("at a laptop's 1,280 px the people table fits its card, and every row's password reset is reached and done by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin', '/settings');
  // Someone first by name, with a long username in a long-named department: cut short, they do not widen the table.
  const department = await createDepartment(page.request, 'Customer Success and Partner Enablement');
  const username = uniqueTitle('abigail-longfellow-worthington').toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const name = `Abigail Longfellow-Worthington ${username.slice(-6)}`;
  const data = { username, name, departmentId: department.id, role: 'user', capabilities: ['manage_structure', 'export_slides', 'manage_tasks'] };
  expect((await page.request.post(API_ENDPOINTS.createUser.path, { data })).status()).toBe(201);
  await page.reload();

  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row', { name })).toBeVisible();
  const card = people.locator('xpath=..');
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(card).not.toHaveAttribute('tabindex');

  // A department cut short shows whole on hover; one that fits has no hover text to repeat it.
  const cut = people.getByRole('row', { name }).getByText(department.name);
  await cut.hover();
  await expect(cut).toHaveAttribute('title', department.name);
  const whole = people.getByRole('row', { name: 'Avery Admin' }).getByText('admin', { exact: true });
  await whole.hover();
  await expect(whole).not.toHaveAttribute('title');

  // Each row is one keyboard stop, its Actions menu, whose Reset password shows whole beside it.
  const names = await people.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Add user' }).focus();
  await page.keyboard.press('Tab');
  await expect(people.getByRole('button', { name: `Actions for ${names[0]}` })).toBeFocused();
  for (const [index, each] of names.entries()) {
    const actions = people.getByRole('button', { name: `Actions for ${each}` });
    await expect(actions).toBeFocused();
    expect(await insideSideways(actions, card)).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for ${each}` });
    await expect(menu.getByRole('menuitem', { name: `Edit ${each}` })).toBeFocused();
    const reset = menu.getByRole('menuitem', { name: `Reset password of ${each}` });
    await page.keyboard.press('ArrowDown');
    await expect(reset).toBeFocused();
    await expect(reset).toBeInViewport({ ratio: 0.95 });
    await page.keyboard.press('Escape');
    await expect(reset).toHaveCount(0);
    await expect(actions).toBeFocused();
    if (index < names.length - 1) await page.keyboard.press('Tab');
  }

  // The reset itself, on the person made here: the demo accounts' sessions serve the other specs.
  await people.getByRole('button', { name: `Actions for ${name}` }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: `Edit ${name}` })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: `Reset password of ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: `Reset the password of ${name}?` });
  await tabTo(page, confirm.getByRole('button', { name: 'Reset password' }));
  await page.keyboard.press('Enter');
  const shown = page.getByRole('dialog', { name: 'Temporary password' });
  await expect(shown).toContainText(`${name} (${username})`);
  expect((await shown.getByLabel('Temporary password').textContent())?.trim().length).toBeGreaterThanOrEqual(8);
  await tabTo(page, shown.getByRole('button', { name: 'Done' }));
  await page.keyboard.press('Enter');
  await expect(shown).toHaveCount(0);

  // At 1,366 px too.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect.poll(() => card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

test("on a 390 px phone a person's card names each value beside it, but not the Actions menu, which names itself", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin', '/settings');
  const row = page.getByRole('table', { name: 'People' }).getByRole('row', { name: 'Avery Admin' });
  const actions = row.getByRole('button', { name: 'Actions for Avery Admin' });
  await expect(actions).toBeVisible();

  const nameBeside = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element, '::before').content);
  expect(await nameBeside(row.getByRole('cell').nth(1))).toBe('"Department"');
  expect(await nameBeside(row.getByRole('cell').filter({ has: page.getByRole('button', { name: 'Actions for Avery Admin' }) }))).toBe('none');
  // The menu keeps to the card's end, where the values are.
  const [button, card] = [await actions.boundingBox(), await row.boundingBox()];
  expect(button!.x + button!.width).toBeGreaterThan(card!.x + card!.width * 0.75);
});
