import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS, pickFound, pickPerson, signInAs, toast } from '../../support/demo.ts';
import { useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, getV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const DENIED_NOTE = `You don't have permission to create methods. Only ${DEMO_USERS.admin.name} can create new methods.`;

async function openForm(page: Page, user: 'admin' | 'coo' | 'lead' | 'member') {
  await signInAs(page, user, '/add-method');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Method' })).toBeVisible();
}

/** A V2MOM the member owns, as the V2MOM picker names it. */
const memberV2momLabel = (title: string) => `${title} (Q2 2025) · ${DEMO_USERS.member.name}`;

/** Finds the V2MOM by its title in the picker and chooses it. */
const pickV2mom = (page: Page, title: string) => pickFound(page, 'V2MOM', title, memberV2momLabel(title));

/** Counts the POSTs the page sends to /api/methods from now on. */
function countCreations(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/methods') count += 1;
  });
  return { count: () => count };
}

const obstacleFields = (page: Page) => page.getByRole('textbox', { name: /^Obstacle \d+$/ });

test('offers every field, and an obstacle list that keeps at least one row', async ({ page }) => {
  await openForm(page, 'admin');
  for (const label of ['V2MOM', 'Description', 'Owner', 'Status', 'Link to Another Method (Optional)', 'Main Measure', 'Q1 Measure', 'Q2 Measure', 'Q3 Measure', 'Q4 Measure', 'Updates', 'Activities']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('checkbox', { name: 'Mark for COO Tracking' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Owner' })).toHaveValue(`${DEMO_USERS.admin.name} (${DEMO_USERS.admin.department})`);
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['Not Started', 'In Progress', 'Completed', 'At Risk']);
  await expect(page.getByLabel('Link to Another Method (Optional)')).toBeDisabled();
  await expect(page.getByText(DENIED_NOTE)).toHaveCount(0);
  // Before anything is typed the V2MOM picker offers the first V2MOMs by title; Escape closes it.
  const v2momPicker = page.getByRole('combobox', { name: 'V2MOM', exact: true });
  await v2momPicker.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'V2MOMs' }).getByRole('option').first()).toBeVisible();
  await v2momPicker.press('Escape');
  await expect(page.getByRole('listbox', { name: 'V2MOMs' })).toHaveCount(0);

  await expect(obstacleFields(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Remove obstacle/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Obstacle' }).click();
  await page.getByRole('button', { name: 'Add Obstacle' }).click();
  await expect(obstacleFields(page)).toHaveCount(3);
  await obstacleFields(page).nth(0).fill('First');
  await obstacleFields(page).nth(1).fill('Second');
  await obstacleFields(page).nth(2).fill('Third');
  await page.getByRole('button', { name: 'Remove obstacle 2' }).click();
  await expect(obstacleFields(page)).toHaveCount(2);
  await expect(obstacleFields(page).nth(0)).toHaveValue('First');
  await expect(obstacleFields(page).nth(1)).toHaveValue('Third');
  await page.getByRole('button', { name: 'Remove obstacle 1' }).click();
  await expect(obstacleFields(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Remove obstacle/ })).toHaveCount(0);
});

test('without a V2MOM or a description it shows the missing-fields toast and sends nothing', async ({ page }) => {
  await openForm(page, 'admin');
  const creations = countCreations(page);
  await page.getByRole('button', { name: 'Create Method' }).click();
  await expect(toast(page, 'Missing required fields')).toBeVisible();
  await expect(toast(page, 'Please select a V2MOM and enter a method description.')).toBeVisible();
  await page.getByLabel('Description').fill('   ');
  // The toast sits over the button now; the keyboard submits as well.
  await page.getByRole('button', { name: 'Create Method' }).press('Enter');
  await expect(toast(page, 'Missing required fields')).toBeVisible();
  expect(creations.count()).toBe(0);
  await expect(page).toHaveURL(/\/add-method$/);
});

test('creates the method with its obstacles in one request, says so and goes home', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Add method target'), methods: [{ description: uniqueTitle('Existing') }] });
  const description = uniqueTitle('Created method');
  await openForm(page, 'admin');
  const creations = countCreations(page);

  // The V2MOM, the owner and the linked method are searched for as one types, not chosen from everyone.
  await pickV2mom(page, v2mom.title);
  await page.getByLabel('Description').fill(description);
  await pickPerson(page, 'member');
  await page.getByLabel('Status').selectOption('in_progress');
  // Only the chosen V2MOM's methods are offered: the first of them before anything is typed.
  const linked = page.getByRole('combobox', { name: 'Link to Another Method (Optional)' });
  await linked.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Methods' }).getByRole('option')).toHaveText(['No linked method', v2mom.methods[0]!.description]);
  await linked.press('Escape');
  await pickFound(page, 'Link to Another Method (Optional)', v2mom.methods[0]!.description, v2mom.methods[0]!.description);
  await page.getByLabel('Main Measure').fill('Deals closed');
  for (const quarter of ['Q1', 'Q2', 'Q3', 'Q4']) await page.getByLabel(`${quarter} Measure`).fill(`${quarter} target`);
  await obstacleFields(page).nth(0).fill('Budget freeze');
  await page.getByRole('button', { name: 'Add Obstacle' }).click();
  await page.getByRole('button', { name: 'Add Obstacle' }).click();
  await obstacleFields(page).nth(2).fill('No analyst');
  await page.getByLabel('Updates').fill('Kicked off');
  await page.getByLabel('Activities').fill('Weekly review');
  await page.getByRole('checkbox', { name: 'Mark for COO Tracking' }).check();
  await page.getByRole('button', { name: 'Create Method' }).click();

  await expect(toast(page, 'Method created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(creations.count()).toBe(1);

  const saved = await getV2mom(request, v2mom.id);
  const method = saved.methods.find((candidate) => candidate.description === description);
  expect(method).toMatchObject({
    ownerId: expect.any(Number),
    forCooTracking: true,
    status: 'in_progress',
    linkedMethodId: v2mom.methods[0]!.id,
    measure: 'Deals closed',
    q1Measure: 'Q1 target',
    q4Measure: 'Q4 target',
    update: 'Kicked off',
    activities: 'Weekly review',
  });
  // The blank middle row is skipped; both others name the new method.
  const obstacles = saved.obstacles.filter((obstacle) => obstacle.linkedMethodIds.includes(method!.id));
  expect(obstacles.map((obstacle) => obstacle.description)).toEqual(['Budget freeze', 'No analyst']);
});

test('a refused creation shows the failure toast and stays on the form', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Vanishing V2MOM') });
  await openForm(page, 'admin');
  await pickV2mom(page, v2mom.title);
  await page.getByLabel('Description').fill(uniqueTitle('Orphan'));
  // The V2MOM goes away while the form is open: the server refuses the method.
  expect((await request.delete(`/api/v2moms/${v2mom.id}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Create Method' }).click();
  await expect(toast(page, 'Failed to create method')).toBeVisible();
  await expect(toast(page, 'Please check the highlighted fields')).toBeVisible();
  await expect(page).toHaveURL(/\/add-method$/);
});

test('Cancel goes home without sending anything', async ({ page }) => {
  await openForm(page, 'admin');
  const creations = countCreations(page);
  await page.getByLabel('Description').fill('Never saved');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(creations.count()).toBe(0);
});

for (const user of ['coo', 'lead', 'member'] as const) {
  test(`${user} is told who may create methods, before and on submit, and nothing is sent`, async ({ page, request }) => {
    const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Not allowed') });
    await openForm(page, user);
    await expect(page.getByRole('note', { name: 'Permission denied' })).toContainText(DENIED_NOTE);
    const creations = countCreations(page);
    await pickV2mom(page, v2mom.title);
    await page.getByLabel('Description').fill('Not mine to add');
    await page.getByRole('button', { name: 'Create Method' }).click();
    await expect(toast(page, 'Permission denied')).toBeVisible();
    await expect(toast(page, `Only ${DEMO_USERS.admin.name} can create methods`)).toBeVisible();
    expect(creations.count()).toBe(0);
  });
}

test('a read-only user cannot open the page', async ({ page }) => {
  await signInAs(page, 'viewer', '/add-method');
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`has no serious accessibility problems in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await openForm(page, 'admin');
    await page.getByRole('button', { name: 'Add Obstacle' }).click();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `add-method-${theme}`);
  });
}

test('fits a phone, with the permission note for a member', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openForm(page, 'member');
  await expect(page.getByRole('note', { name: 'Permission denied' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'add-method-phone');
});
