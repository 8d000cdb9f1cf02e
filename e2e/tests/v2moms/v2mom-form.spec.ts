import type { APIRequestContext, Page } from '@playwright/test';
import { SUITE_CLOCK_START } from '../../support/clock.ts';
import { signInAs, toast } from '../../support/demo.ts';
import { holdRequests } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import {
  createV2mom,
  getV2mom,
  signInRequest,
  uniqueTitle,
} from '../../support/v2mom-documents.ts';

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save V2MOM' }).click();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function typeDelete(page: Page, word: string) {
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  const typed = page.getByRole('alertdialog', { name: 'Type DELETE to confirm' });
  await typed.getByLabel('Confirmation').fill(word);
  await typed.getByRole('button', { name: 'Delete' }).click();
}

test('create -> edit -> save with values, methods and obstacles', { tag: '@smoke' }, async ({ page }) => {
  await signInAs(page, 'admin', '/my-v2mom/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create V2MOM' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/my-v2mom');
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/my-v2mom');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveText(['Vision', 'Values0', 'Methods0', 'Obstacles0', 'Measures']);

  const title = uniqueTitle('Created');
  await page.getByLabel('Title').fill(title);
  await expect(page.getByLabel('Year')).toHaveValue(String(new Date(SUITE_CLOCK_START).getFullYear()));
  await page.getByLabel('Year').fill('2026');
  await page.getByRole('textbox', { name: 'Vision' }).fill('A clear vision.');

  await openTab(page, 'Values');
  for (const [index, text] of ['Speed', 'Trust', 'Craft', 'Care'].entries()) {
    await page.getByRole('button', { name: 'Add Value' }).click();
    await page.getByLabel(`Value ${index + 1}`, { exact: true }).fill(text);
  }
  // An unsaved value goes at once, without a confirmation.
  await page.getByRole('button', { name: 'Delete value 4' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByLabel('Value 4', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Value' }).click();
  await page.getByLabel('Value 4', { exact: true }).fill('Care');

  await openTab(page, 'Methods');
  await page.getByRole('button', { name: 'Add Method' }).click();
  await page.getByLabel('Description').fill('Ship the new onboarding');
  for (const value of ['Speed', 'Trust', 'Craft']) await page.getByRole('checkbox', { name: value }).check();
  await page.getByRole('checkbox', { name: 'Care' }).click();
  await expect(toast(page, 'Maximum values reached')).toBeVisible();
  await expect(toast(page, 'You can only link up to 3 values per method.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Care' })).not.toBeChecked();
  // Linking to another method is for saved methods in edit mode only.
  await expect(page.getByLabel('Linked method')).toHaveCount(0);
  await page.getByLabel('Progress (%)').fill('45');
  await page.getByLabel('Status').selectOption('in_progress');
  await page.getByLabel('Measure', { exact: true }).fill('Customers live in 30 days');
  await page.getByLabel('Current measure').fill('12 live');
  await page.getByLabel('Update').fill('Kickoff done.');
  await page.getByLabel('L2 owner').selectOption('Grace Liu');
  await page.getByLabel('Track for COO (key metrics and slides)').check();

  await openTab(page, 'Obstacles');
  await page.getByRole('button', { name: 'Add Obstacle' }).click();
  await page.getByLabel('Description').fill('Legal review is slow');
  await page.getByRole('checkbox', { name: 'Ship the new onboarding' }).check();

  await openTab(page, 'Measures');
  await expect(page.getByRole('table', { name: 'Method measures' })).toContainText('Customers live in 30 days');

  await save(page);
  await expect(toast(page, 'V2MOM created successfully')).toBeVisible();
  await expect(toast(page, 'Your new V2MOM has been created')).toBeVisible();
  await expect(page).toHaveURL(/\/v2mom\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Ship the new onboarding' })).toContainText('Grace Liu');

  const created = await getV2mom(page.request, id);
  expect(created.values.map((value) => value.description)).toEqual(['Speed', 'Trust', 'Craft', 'Care']);
  expect(created.year).toBe(2026);

  // Edit: a second method linked to the saved one, a changed title.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit V2MOM' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/v2mom/${id}`);
  await page.getByLabel('Title').fill(`${title} v2`);
  await openTab(page, 'Methods');
  await page.getByRole('button', { name: 'Add Method' }).click();
  const secondDescription = page.getByLabel('Description').nth(1);
  await secondDescription.fill('Follow-up method');
  // The saved method may link to saved methods only, never itself: there is none.
  const firstLink = page.getByLabel('Linked method').first();
  await expect(firstLink.locator('option')).toHaveText(['None']);
  // The new method's select waits for it to be saved; it offers the saved one.
  const secondLink = page.getByLabel('Linked method').nth(1);
  await expect(secondLink).toBeDisabled();
  await save(page);
  await expect(toast(page, 'V2MOM updated successfully')).toBeVisible();
  await expect(toast(page, 'Your changes have been saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `${title} v2` })).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await openTab(page, 'Methods');
  const link = page.getByLabel('Linked method').nth(1);
  await expect(link).toBeEnabled();
  await expect(link.locator('option')).toHaveText(['None', 'Ship the new onboarding']);
  await link.selectOption({ label: 'Ship the new onboarding' });
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/v2mom/${id}$`));
  await page.getByRole('button', { name: 'Linked methods (1)' }).click();
  await expect(page.getByRole('link', { name: /Follow-up method/ })).toBeVisible();
});

test('an obstacle raised from a method is linked to it and saved with the V2MOM; Save says Saving...', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'admin', {
    title: uniqueTitle('Raised'),
    methods: [{ description: 'Method A' }, { description: 'Method B' }],
  });
  await signInAs(page, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await openTab(page, 'Methods');
  await page.getByRole('button', { name: 'Add obstacle to this method' }).nth(1).click();
  await expect(toast(page, 'Obstacle created')).toBeVisible();
  await expect(toast(page, 'Edit it in the Obstacles tab.')).toBeVisible();

  await openTab(page, 'Obstacles');
  await expect(page.getByRole('checkbox', { name: 'Method B' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Method A' })).not.toBeChecked();
  await page.getByLabel('Description').fill('Vendor contract pending');

  const release = await holdRequests(page, `/api/v2moms/${v2mom.id}/complete`);
  await save(page);
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(toast(page, 'V2MOM updated successfully')).toBeVisible();
  const saved = await getV2mom(page.request, v2mom.id);
  const methodB = saved.methods.find((method) => method.description === 'Method B')!;
  expect(saved.obstacles).toMatchObject([{ description: 'Vendor contract pending', linkedMethodIds: [methodB.id] }]);
});

test('validation: title required when editing, a valid year, blank new title saved as Untitled V2MOM', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Validate') });
  await signInAs(page, 'member', `/my-v2mom/edit/${v2mom.id}`);
  const year = page.getByLabel('Year');
  await expect(year).toHaveAttribute('min', '2000');
  await expect(year).toHaveAttribute('max', '2100');

  await page.getByLabel('Title').fill('   ');
  await year.fill('1999');
  await save(page);
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Enter a valid year')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/my-v2mom/edit/${v2mom.id}$`));

  await page.getByLabel('Title').fill('Fixed title');
  await expect(page.getByText('Title is required')).toHaveCount(0);
  await year.fill('2101');
  await save(page);
  await expect(page.getByText('Enter a valid year')).toBeVisible();

  await page.goto('/my-v2mom/create');
  await expect(page.getByLabel('Title')).toHaveAttribute('placeholder', 'Untitled V2MOM');
  await save(page);
  await expect(toast(page, 'V2MOM created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled V2MOM' })).toBeVisible();
});

test("a refused save toasts Error saving V2MOM with the server's message and stays on the form", async ({ page, request }) => {
  // A real refusal: the admin deletes the V2MOM while its owner edits it, so the save answers
  // 404. The 500 case is covered by v2mom-form-server-failure.test.tsx.
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Failing') });
  await signInAs(page, 'member', `/my-v2mom/edit/${v2mom.id}`);
  await expect(page.getByLabel('Title')).toHaveValue(v2mom.title);
  expect((await request.delete(`/api/v2moms/${v2mom.id}`)).ok()).toBe(true);
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v2moms/${v2mom.id}/complete` && r.request().method() === 'PUT');
  await save(page);
  const answer = await refused;
  expect(answer.status()).toBe(404);
  const { message } = (await answer.json()) as { message: string };
  await expect(toast(page, 'Error saving V2MOM')).toBeVisible();
  await expect(toast(page, message)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/my-v2mom/edit/${v2mom.id}$`));
  await expect(page.getByRole('button', { name: 'Save V2MOM' })).toBeEnabled();
});

test('without manage_structure: text only, no add or delete; updates only on own methods', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Member'),
    values: ['Focus'],
    methods: [{ description: 'My own method', update: 'Mine' }],
    obstacles: [{ description: 'A blocker' }],
  });
  // A second method owned by the admin.
  await signInRequest(request, 'admin');
  const saved = await getV2mom(request, v2mom.id);
  const adminId = ((await (await request.get('/api/auth/user')).json()) as { id: number }).id;
  const put = await request.put(`/api/v2moms/${v2mom.id}/complete`, {
    data: {
      title: saved.title,
      year: saved.year,
      quarter: 'q2',
      vision: '',
      version: saved.version,
      values: saved.values.map(({ id, version, description }) => ({ id, version, description })),
      methods: [
        ...saved.methods.map(({ id, version, description }) => ({ id, version, description })),
        { description: "Admin's method", ownerId: adminId, update: 'Admin wrote this' },
      ],
      obstacles: saved.obstacles.map(({ id, version, description }) => ({ id, version, description })),
    },
  });
  expect(put.status(), await put.text()).toBe(200);

  await signInAs(page, 'member', `/my-v2mom/edit/${v2mom.id}`);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await openTab(page, 'Values');
  await expect(page.getByRole('button', { name: 'Add Value' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete value/ })).toHaveCount(0);
  await page.getByLabel('Value 1', { exact: true }).fill('Focus, always');
  await openTab(page, 'Methods');
  await expect(page.getByRole('button', { name: 'Add Method' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Delete method/ })).toHaveCount(0);
  const updates = page.getByLabel('Update');
  await expect(updates.nth(0)).toBeEditable();
  await expect(updates.nth(1)).not.toBeEditable();
  await expect(updates.nth(1)).toHaveValue('Admin wrote this');
  await expect(page.getByText('Only the method owner can add updates to this method.')).toHaveCount(1);
  await updates.nth(0).fill('Mine, updated');
  await openTab(page, 'Obstacles');
  await expect(page.getByRole('button', { name: 'Add Obstacle' })).toHaveCount(0);
  await save(page);
  await expect(toast(page, 'V2MOM updated successfully')).toBeVisible();
  const after = await getV2mom(request, v2mom.id);
  expect(after.values.map((value) => value.description)).toEqual(['Focus, always']);
});

test('deleting saved items needs the typed DELETE; a wrong word keeps them', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'admin', {
    title: uniqueTitle('Removal'),
    values: ['Keep me', 'Remove me'],
    methods: [{ description: 'Method A' }],
    obstacles: [{ description: 'Obstacle A' }],
  });
  await signInAs(page, 'admin', `/my-v2mom/edit/${v2mom.id}`);

  await openTab(page, 'Values');
  await page.getByRole('button', { name: 'Delete value 2' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this value?' })).toBeVisible();
  await typeDelete(page, 'Delete');
  await expect(toast(page, 'Deletion cancelled')).toBeVisible();
  await expect(toast(page, 'Value was not deleted')).toBeVisible();
  await expect(page.getByLabel('Value 2', { exact: true })).toHaveValue('Remove me');

  await openTab(page, 'Methods');
  await page.getByRole('button', { name: 'Delete method 1' }).click();
  await typeDelete(page, 'nope');
  await expect(toast(page, 'Method was not deleted')).toBeVisible();

  await openTab(page, 'Obstacles');
  await page.getByRole('button', { name: 'Delete obstacle 1' }).click();
  await typeDelete(page, '');
  await expect(toast(page, 'Obstacle was not deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Delete obstacle 1' }).click();
  await typeDelete(page, 'DELETE');
  await expect(page.getByText('No obstacles yet.')).toBeVisible();

  await openTab(page, 'Values');
  await page.getByRole('button', { name: 'Delete value 2' }).click();
  await typeDelete(page, 'DELETE');
  await expect(page.getByLabel('Value 2', { exact: true })).toHaveCount(0);
  await save(page);
  await expect(toast(page, 'V2MOM updated successfully')).toBeVisible();
  const after = await getV2mom(page.request, v2mom.id);
  expect(after.values.map((value) => value.description)).toEqual(['Keep me']);
  expect(after.obstacles).toEqual([]);
  expect(after.methods.map((method) => method.description)).toEqual(['Method A']);
});

test("the form's Delete confirms, deletes and goes to the dashboard", async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Form delete') });
  await signInAs(page, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(
    'This action cannot be undone. This will permanently delete the V2MOM and all its associated data.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'V2MOM deleted successfully')).toBeVisible();
  await expect(toast(page, "You've been redirected to the dashboard")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** The admin (the request's session) saves the document as it is now, with a new vision and maybe title. */
async function adminSaves(request: APIRequestContext, id: number, change: { vision: string; title?: string }) {
  const current = await getV2mom(request, id);
  const put = await request.put(`/api/v2moms/${id}/complete`, {
    data: {
      title: change.title ?? current.title,
      year: current.year,
      quarter: 'q2',
      vision: change.vision,
      version: current.version,
      values: current.values.map(({ id: valueId, version, description }) => ({ id: valueId, version, description })),
      methods: [],
      obstacles: [],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
}

test('a save that crosses someone else’s loses nothing: their change joins the form, Save stays on, the same field is chosen', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Conflict'), values: ['Original'] });
  await signInAs(page, 'member', `/my-v2mom/edit/${v2mom.id}`);
  await expect(page.getByLabel('Title')).toHaveValue(v2mom.title);
  await page.getByRole('textbox', { name: 'Vision' }).fill('My vision');

  // The save leaves the browser only after the admin saved a new title and vision.
  const release = await holdRequests(page, `/api/v2moms/${v2mom.id}/complete`);
  await save(page);
  const theirs = `${v2mom.title} (admin)`;
  await adminSaves(request, v2mom.id, { title: theirs, vision: 'Admin vision' });
  release();

  const conflict = page.getByRole('group', { name: 'Conflict on Vision' });
  await expect(conflict).toContainText('Avery Admin changed vision');
  await expect(conflict).toContainText('Admin vision');
  await expect(page.getByLabel('Title')).toHaveValue(theirs);
  await expect(page.getByRole('textbox', { name: 'Vision' })).toHaveValue('My vision');
  await expect(page.getByRole('button', { name: 'Save V2MOM' })).toBeEnabled();
  expect((await getV2mom(request, v2mom.id)).title).toBe(theirs);

  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await save(page);
  await expect(toast(page, 'V2MOM updated successfully')).toBeVisible();
  await expect(page).toHaveURL(`/v2mom/${v2mom.id}`);
  expect(await getV2mom(request, v2mom.id)).toMatchObject({ title: theirs, vision: 'My vision' });
});

test('a save that crosses someone else’s save of other fields lands with no prompt, and keeps theirs', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Crossing'), values: ['Original'] });
  await signInAs(page, 'member', `/my-v2mom/edit/${v2mom.id}`);
  await openTab(page, 'Values');
  await page.getByRole('textbox', { name: 'Value 1' }).fill('Mine');

  // The admin's new vision is committed while this save is on its way, based on the older versions.
  const release = await holdRequests(page, `/api/v2moms/${v2mom.id}/complete`);
  await save(page);
  await adminSaves(request, v2mom.id, { vision: 'Admin vision' });
  release();

  await expect(toast(page, 'V2MOM updated successfully')).toBeVisible();
  await expect(page).toHaveURL(`/v2mom/${v2mom.id}`);
  expect(await getV2mom(request, v2mom.id)).toMatchObject({ vision: 'Admin vision', values: [{ description: 'Mine' }] });
});

test('the tabs are a keyboard-usable tablist', async ({ page }) => {
  await signInAs(page, 'admin', '/my-v2mom/create');
  const vision = page.getByRole('tab', { name: 'Vision' });
  await vision.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Values' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Values' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Measures' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('No measures defined');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Vision' })).toHaveAttribute('aria-selected', 'true');
});

test('a read-only viewer cannot open the form', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('No access') });
  await signInAs(page, 'viewer', `/my-v2mom/edit/${v2mom.id}`);
  await expect(page).toHaveURL(/\/dashboard$/);
});
