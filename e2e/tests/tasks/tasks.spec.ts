import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectTabStaysWithin } from '../../support/a11y.ts';
import { DEMO_USERS, pickFound, pickPerson, signInAs, toast, type DemoUser } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { readEveryMethod } from '../../support/methods.ts';
import { holdRequests, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

interface Task {
  id: number;
  title: string;
  status: string;
  methodId: number | null;
}
interface UserRow {
  id: number;
  username: string;
}

async function userId(request: APIRequestContext, user: DemoUser): Promise<number> {
  const users = ((await (await request.get('/api/users/search', { params: { q: DEMO_USERS[user].username } })).json()) as { rows: UserRow[] }).rows;
  const found = users.find((candidate) => candidate.username === DEMO_USERS[user].username);
  if (!found) throw new Error(`No user ${user}`);
  return found.id;
}

/** A task created through the API by `lead` (a manage_tasks holder), owned by `owner`. */
async function createTask(
  request: APIRequestContext,
  input: { title: string; description?: string; owner?: DemoUser; methodId?: number | null; status?: string },
): Promise<Task> {
  await signInRequest(request, 'lead');
  const ownerId = await userId(request, input.owner ?? 'member');
  const response = await request.post('/api/tasks', {
    data: { title: input.title, description: input.description ?? 'Spec task', ownerId, methodId: input.methodId ?? null },
  });
  expect(response.status(), await response.text()).toBe(201);
  const task = (await response.json()) as Task & { version: number };
  if (input.status) {
    await signInRequest(request, 'admin');
    const patched = await request.patch(`/api/tasks/${task.id}`, { data: { version: task.version, status: input.status } });
    expect(patched.status(), await patched.text()).toBe(200);
  }
  return task;
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const filterButton = (page: Page) => page.getByRole('button', { name: /^Filter by Status/ });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Filter by Status' });
const taskList = (page: Page) => page.getByRole('region', { name: 'Task list' });

test('a task card shows every field; the method, line breaks and owner with department', async ({ page, request }) => {
  await signInRequest(request, 'admin');
  const method = (await readEveryMethod(request))[0]!;
  const title = uniqueTitle('Card task');
  await createTask(request, { title, description: 'First line\nSecond line', owner: 'member', methodId: method.id });

  await signInAs(page, 'member', '/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByText('Manage team tasks and assignments')).toBeVisible();
  const shown = card(page, title);
  await expect(shown.getByText('Not Started')).toBeVisible();
  await expect(shown.getByText('Method Linked')).toBeVisible();
  const description = shown.getByText('First line');
  await expect(description).toHaveText('First line\nSecond line');
  expect(await description.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
  await expect(shown.getByText(method.description)).toBeVisible();
  await expect(shown.getByText(`${DEMO_USERS.member.name} (${DEMO_USERS.member.department})`)).toBeVisible();
  await expect(shown.locator('time')).toHaveText(/^\d{1,2} \w{3} \d{4}$/);
  await expect(shown.getByText('Latest Updates')).toBeVisible();
  await expect(shown.getByText('No updates yet')).toBeVisible();
  await expect(taskList(page)).not.toHaveAttribute('aria-busy');
});

for (const user of ['admin', 'coo', 'lead'] as const) {
  test(`${user} (manage_tasks) gets Add Task and Delete Task`, async ({ page, request }) => {
    const title = uniqueTitle(`Manage ${user}`);
    await createTask(request, { title });
    await signInAs(page, user, '/tasks');
    await expect(page.getByRole('button', { name: 'Add Task' })).toBeVisible();
    await expect(card(page, title).getByRole('button', { name: 'Delete Task' })).toBeVisible();
  });
}

for (const user of ['member', 'viewer'] as const) {
  test(`${user} sees tasks without Add Task or Delete Task, and the server refuses both`, async ({ page, request }) => {
    const title = uniqueTitle(`Read ${user}`);
    const task = await createTask(request, { title });
    await signInAs(page, user, '/tasks');
    await expect(card(page, title)).toBeVisible();
    await expect(card(page, title).getByRole('button', { name: 'Delete Task' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Task' })).toHaveCount(0);

    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
    const created = await page.request.post('/api/tasks', { data: { title: 'Nope', description: 'Nope', ownerId: me.id } });
    expect(created.status()).toBe(403);
    expect(((await created.json()) as { message: string }).message).toBe("You don't have permission to create tasks");
    const deleted = await page.request.delete(`/api/tasks/${task.id}`);
    expect(deleted.status()).toBe(403);
    expect(((await deleted.json()) as { message: string }).message).toBe("You don't have permission to delete tasks");
  });
}

test('three placeholder cards while loading, the list marked busy until the tasks show', async ({ page }) => {
  await signInAs(page, 'member', '/dashboard');
  const release = await holdRequests(page, '/api/tasks');
  await page.goto('/tasks');
  await expect(taskList(page)).toHaveAttribute('aria-busy', 'true');
  await expect(taskList(page).locator('[aria-hidden="true"]').filter({ visible: true })).not.toHaveCount(0);
  expect(await taskList(page).locator(':scope > div > div').count()).toBe(3);
  release();
  await expect(taskList(page).getByRole('article').first()).toBeVisible();
  await expect(taskList(page)).not.toHaveAttribute('aria-busy');
});

test('a failed load shows the coming-soon panel', async ({ page }) => {
  // The network drops the load (a real fault, not a faked answer).
  await page.route((url) => url.pathname === '/api/tasks', (route) => route.abort('internetdisconnected'));
  await signInAs(page, 'member', '/tasks');
  await expect(page.getByRole('alert').getByText('Tasks feature coming soon')).toBeVisible();
  await expect(
    page.getByText('The tasks database is being set up. This feature will be available once the database migration is complete.'),
  ).toBeVisible();
});

test('the status popover: multi-select, count badge, chips, Clear all, and the filter in the URL across a reload', async ({ page, request }) => {
  const atRisk = uniqueTitle('Filter at risk');
  const started = uniqueTitle('Filter not started');
  const done = uniqueTitle('Filter completed');
  await createTask(request, { title: started });
  await createTask(request, { title: atRisk, status: 'at_risk' });
  await createTask(request, { title: done, status: 'completed' });

  await signInAs(page, 'member', '/tasks');
  await expect(card(page, started)).toBeVisible();
  await filterButton(page).click();
  const panel = popover(page);
  await expect(panel.getByRole('checkbox')).toHaveCount(4);
  for (const label of ['Not Started', 'In Progress', 'Completed', 'At Risk']) {
    await expect(panel.getByRole('checkbox', { name: label })).not.toBeChecked();
  }
  await panel.getByRole('checkbox', { name: 'At Risk' }).check();
  await panel.getByRole('checkbox', { name: 'Completed' }).check();
  await expect(page).toHaveURL(/[?&]status=completed%2Cat_risk|[?&]status=completed,at_risk/);
  // The popover is modal: the page behind it is out of the accessibility tree until it closes.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(filterButton(page)).toHaveText(/Filter by Status\s*2/);
  await expect(card(page, atRisk)).toBeVisible();
  await expect(card(page, done)).toBeVisible();
  await expect(card(page, started)).toHaveCount(0);

  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips.getByRole('button', { name: 'Remove filter At Risk' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Remove filter Completed' })).toBeVisible();

  await page.reload();
  await expect(card(page, atRisk)).toBeVisible();
  await expect(card(page, started)).toHaveCount(0);
  await expect(filterButton(page)).toHaveText(/Filter by Status\s*2/);
  await filterButton(page).click();
  await expect(popover(page).getByRole('checkbox', { name: 'At Risk' })).toBeChecked();
  await expect(popover(page).getByRole('checkbox', { name: 'Completed' })).toBeChecked();
  await page.keyboard.press('Escape');

  await chips.getByRole('button', { name: 'Remove filter At Risk' }).click();
  await expect(card(page, atRisk)).toHaveCount(0);
  await expect(card(page, done)).toBeVisible();
  await expect(filterButton(page)).toHaveText(/Filter by Status\s*1/);
  await expect(page).toHaveURL(/status=completed$/);

  await chips.getByRole('button', { name: 'Clear all' }).click();
  await expect(chips).toHaveCount(0);
  await expect(filterButton(page)).toHaveText('Filter by Status');
  await expect(page).not.toHaveURL(/status=/);
  await expect(card(page, started)).toBeVisible();
});

test('the popover Clear empties the selection, which shows every task', async ({ page, request }) => {
  const title = uniqueTitle('Clear popover');
  await createTask(request, { title });
  await signInAs(page, 'member', '/tasks?status=completed');
  await expect(card(page, title)).toHaveCount(0);
  await filterButton(page).click();
  await popover(page).getByRole('button', { name: 'Clear' }).click();
  await expect(popover(page).getByRole('checkbox', { name: 'Completed' })).not.toBeChecked();
  await expect(page).not.toHaveURL(/status=/);
  await page.keyboard.press('Escape');
  await expect(card(page, title)).toBeVisible();
});

test('keyboard: the popover opens from the keyboard, arrows move, focus stays inside, Escape closes it', async ({ page }) => {
  await signInAs(page, 'member', '/tasks');
  await filterButton(page).focus();
  await page.keyboard.press('Enter');
  const panel = popover(page);
  await expect(panel.getByRole('checkbox', { name: 'Not Started' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('checkbox', { name: 'In Progress' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(panel.getByRole('checkbox', { name: 'Completed' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(panel.getByRole('checkbox', { name: 'In Progress' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(panel.getByRole('checkbox', { name: 'In Progress' })).toBeChecked();
  await expect(page).toHaveURL(/status=in_progress/);
  await expectTabStaysWithin(page, panel, 8);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(filterButton(page)).toBeFocused();
});

test('Create New Task: fields, validation, Creating..., the success toast and the new card', async ({ page }) => {
  await signInAs(page, 'lead', '/tasks');
  await page.getByRole('button', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  const description = dialog.getByLabel('Description');
  expect(await description.evaluate((el) => parseFloat(getComputedStyle(el).minHeight))).toBeGreaterThanOrEqual(100);

  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/tasks') posted = true;
  });
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Owner is required')).toBeVisible();
  expect(posted).toBe(false);

  // The method is searched for as one types; before anything is typed, the first methods come after 'No method'.
  const method = dialog.getByRole('combobox', { name: 'Associated Method (Optional)' });
  await expect(method).toHaveAttribute('placeholder', 'No method');
  const options = dialog.getByRole('listbox', { name: 'Methods' }).getByRole('option');
  await method.press('ArrowDown');
  await expect(options.first()).toHaveText('No method');
  await expect(options).not.toHaveCount(1); // the first methods have come
  await method.press('Escape');

  const title = uniqueTitle('Dialog task');
  await dialog.getByLabel('Title').fill(title);
  await description.fill('Line one\nLine two');
  await pickPerson(dialog, 'member');
  await method.click();
  await expect(options).not.toHaveCount(1);
  const methodName = (await options.nth(1).textContent()) ?? '';
  await options.nth(1).click();
  await expect(method).toHaveValue(methodName);

  const release = await holdRequests(page, '/api/tasks');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  release();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Success', { exact: true })).toBeVisible();
  await expect(toast(page, 'Task created successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const created = card(page, title);
  await expect(created.getByText('Method Linked')).toBeVisible();
  await expect(created.getByText(methodName)).toBeVisible();

  // Reopened, the dialog starts empty again.
  await page.getByRole('button', { name: 'Add Task' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a refused create says Error with the server message', async ({ page, request }) => {
  // A real refusal: the chosen method's V2MOM is deleted (by the admin) after it was picked, so
  // the server answers 400 'No such method'.
  const methodDescription = uniqueTitle('Doomed method');
  const v2mom = await createV2mom(request, 'lead', { title: uniqueTitle('Doomed'), methods: [{ description: methodDescription }] });
  await signInAs(page, 'lead', '/tasks');
  await page.getByRole('button', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByLabel('Title').fill('Will fail');
  await dialog.getByLabel('Description').fill('Will fail');
  await pickPerson(dialog, 'member');
  await pickFound(dialog, 'Associated Method (Optional)', methodDescription, methodDescription);
  expect((await request.delete(`/api/v2moms/${v2mom.id}`)).ok()).toBe(true);
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tasks' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  const { message } = (await answer.json()) as { message: string };
  await expect(toast(page, 'Error')).toBeVisible();
  await expect(toast(page, message)).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('Delete Task asks with the exact text; Cancel keeps it, Delete removes it', async ({ page, request }) => {
  const title = uniqueTitle('Delete me');
  await createTask(request, { title });
  await signInAs(page, 'lead', '/tasks');
  await card(page, title).getByRole('button', { name: 'Delete Task' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Are you sure you want to delete task "${title}"? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card(page, title)).toBeVisible();

  await card(page, title).getByRole('button', { name: 'Delete Task' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Task deleted successfully')).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
});

test('a task lead creates shows on another user’s open Tasks and Team Status without a reload', async ({ browser }) => {
  const member = await openAs(browser, 'member', '/tasks');
  const admin = await openAs(browser, 'admin', `/team-status?department=${encodeURIComponent(DEMO_USERS.lead.department)}`);
  await expect(admin.page.getByRole('heading', { name: `${DEMO_USERS.lead.department} Overview` })).toBeVisible();
  await expect(admin.page.getByRole('list', { name: `Tasks of ${DEMO_USERS.lead.department}` })).toBeVisible();
  await markDocument(member.page);
  await markDocument(admin.page);

  const lead = await openAs(browser, 'lead', '/tasks');
  const title = uniqueTitle('Live task');
  await lead.page.getByRole('button', { name: 'Add Task' }).click();
  const dialog = lead.page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Made in another browser');
  await pickPerson(dialog, 'lead');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(toast(lead.page, 'Task created successfully')).toBeVisible();

  await expect(card(member.page, title)).toBeVisible();
  await expect(card(admin.page, title)).toBeVisible();
  await expectNotReloaded(member.page);
  await expectNotReloaded(admin.page);

  await member.context.close();
  await admin.context.close();
  await lead.context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signInAs(page, 'lead', '/tasks');
    await expect(taskList(page).getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `tasks-${theme}`);
  });

  test(`the popover and the dialog have no serious accessibility violations in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signInAs(page, 'lead', '/tasks');
    await expect(taskList(page).getByRole('article').first()).toBeVisible();
    await filterButton(page).click();
    await popover(page).getByRole('checkbox', { name: 'In Progress' }).check();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Task' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('phone layout', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'lead', '/tasks?status=in_progress,at_risk');
  await expect(taskList(page).getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'tasks-phone');
});
