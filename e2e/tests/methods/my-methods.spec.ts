import type { APIRequestContext, Page } from '@playwright/test';
import { quarterLabel } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { SUITE_QUARTER } from '../../support/clock.ts';
import { DEMO_USERS, signInAs, toast, type DemoUser } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { dropRequests, holdRequests, signInAsUsername, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle, userIdByUsername, userIdOf } from '../../support/v2mom-documents.ts';

// My Methods and Tasks (docs/PRODUCT.md#my-methods-and-tasks).


/** A method owned by `owner`, in a V2MOM of `v2momOwner` (created by admin through the API). */
async function createMethod(
  request: APIRequestContext,
  owner: DemoUser,
  method: { description: string; update?: string; currentMeasure?: string; l2Owner?: string; status?: 'in_progress' | 'at_risk' },
  v2momOwner: DemoUser = owner,
) {
  await signInRequest(request, 'admin');
  const ownerId = await userIdOf(request, owner);
  const v2mom = await createV2mom(request, v2momOwner, {
    title: uniqueTitle('My methods V2MOM'),
    methods: [{ status: 'in_progress', progress: 40, ...method, ownerId }],
  });
  const created = v2mom.methods[0];
  if (!created) throw new Error('no method created');
  return { v2mom, method: created };
}

/** A task for `owner`, created by admin (manage_tasks). */
async function createTask(request: APIRequestContext, owner: DemoUser, title: string) {
  await signInRequest(request, 'admin');
  const ownerId = await userIdOf(request, owner);
  const response = await request.post('/api/tasks', { data: { title, description: `Steps for ${title}\nsecond line`, ownerId } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; version: number };
}

const methodCard = (page: Page, description: string) => page.getByRole('article', { name: description });
const taskCard = (page: Page, title: string) => page.getByRole('article', { name: title });

test('shows the current quarter, the member’s method cards and tasks, with no Delete for them', async ({ page, request }) => {
  const description = uniqueTitle('Shown method');
  const longUpdate = Array.from({ length: 12 }, (_, line) => `Progress line ${line + 1}`).join('\n');
  await createMethod(request, 'member', { description, update: longUpdate, currentMeasure: '40% adoption', l2Owner: 'Isabel Costa' });
  const taskTitle = uniqueTitle('Shown task');
  await createTask(request, 'member', taskTitle);

  await signInAs(page, 'member', '/my-methods');
  await expect(page.getByRole('heading', { name: 'My Methods and Tasks', level: 1 })).toBeVisible();
  await expect(page.getByText(`Current quarter: ${quarterLabel(SUITE_QUARTER)}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Methods', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Tasks', level: 2 })).toBeVisible();

  const card = methodCard(page, description);
  await expect(card.getByText('In Progress')).toBeVisible();
  await expect(card.getByText('40% adoption')).toBeVisible();
  await expect(card.getByText('Isabel Costa')).toBeVisible();
  await expect(card.getByRole('link', { name: description })).toHaveAttribute('href', /\/method\/\d+$/);
  await expect(card.getByRole('button', { name: `Edit ${description}` })).toBeEnabled();
  await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // The update text is clamped to a few lines, the rest hidden but still in the page.
  const update = card.getByTestId('method-update');
  await expect(update).toHaveCSS('-webkit-line-clamp', '4');
  const { clientHeight, scrollHeight } = await update.evaluate((element) => ({ clientHeight: element.clientHeight, scrollHeight: element.scrollHeight }));
  expect(scrollHeight).toBeGreaterThan(clientHeight);

  const task = taskCard(page, taskTitle);
  await expect(task.getByText('Not Started')).toBeVisible();
  await expect(task.getByText('Latest Updates')).toBeVisible();
  await expect(task.getByText('No updates yet')).toBeVisible();
  await expect(task.getByRole('button', { name: `Edit ${taskTitle}` })).toBeEnabled();
});

test('one item edits at a time: Esc cancels, Ctrl+Enter saves, Cancel leaves it as it was', async ({ page, request }) => {
  const description = uniqueTitle('Edited method');
  await createMethod(request, 'member', { description, update: 'First report' });
  const taskTitle = uniqueTitle('Edited task');
  await createTask(request, 'member', taskTitle);

  await signInAs(page, 'member', '/my-methods');
  const card = methodCard(page, description);
  const task = taskCard(page, taskTitle);
  const editMethod = card.getByRole('button', { name: `Edit ${description}` });
  const editTask = task.getByRole('button', { name: `Edit ${taskTitle}` });

  await editMethod.click();
  const form = card.getByRole('form', { name: `Edit method ${description}` });
  await expect(form).toBeVisible();
  // The check-in starts at the progress; the owner writes their own update text, without the owner-only note.
  await expect(form.getByLabel('Progress')).toBeFocused();
  await expect(form.getByLabel('Update')).toBeEditable();
  await expect(form.getByText('Only the method owner can add updates to this method.')).toHaveCount(0);
  await expect(form.getByLabel('L2 Owner').locator('option')).toHaveCount(21); // None and the 20 names
  await expect(editTask).toBeDisabled();

  await form.getByLabel('Update').fill('Not kept');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(editMethod).toBeFocused();
  await expect(card.getByText('First report')).toBeVisible();
  await expect(editTask).toBeEnabled();

  await editMethod.click();
  await form.getByLabel('Update').fill('Second report');
  await form.getByLabel('Status').selectOption('at_risk');
  await form.getByLabel('Current Measure').fill('12 of 30 teams');
  await form.getByLabel('Activities').fill('Weekly reviews');
  await form.getByLabel('L2 Owner').selectOption('Mei Tanaka');
  await form.getByLabel('Activities').press('Control+Enter');
  await expect(toast(page, 'Method updated successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(card.getByText('At Risk')).toBeVisible();
  await expect(card.getByText('Second report')).toBeVisible();
  await expect(card.getByText('12 of 30 teams')).toBeVisible();
  await expect(card.getByText('Weekly reviews')).toBeVisible();
  await expect(card.getByText('Mei Tanaka')).toBeVisible();

  await editTask.click();
  const taskForm = task.getByRole('form', { name: `Edit task ${taskTitle}` });
  await expect(editMethod).toBeDisabled();
  await taskForm.getByLabel('Updates').fill('Dropped');
  await taskForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(taskForm).toHaveCount(0);
  await expect(task.getByText('No updates yet')).toBeVisible();

  await editTask.click();
  await taskForm.getByLabel('Updates').fill('Half the slides drafted');
  await taskForm.getByLabel('Status').selectOption('in_progress');
  await taskForm.getByLabel('Updates').press('ControlOrMeta+Enter');
  await expect(toast(page, 'Task updated successfully')).toBeVisible();
  await expect(taskForm).toHaveCount(0);
  await expect(task.getByText('Half the slides drafted')).toBeVisible();
  await expect(task.getByText('In Progress')).toBeVisible();

  // Saved, not just shown: a reload reads it back from the server.
  await page.reload();
  await expect(methodCard(page, description).getByText('Second report')).toBeVisible();
  await expect(taskCard(page, taskTitle).getByText('Half the slides drafted')).toBeVisible();
});

test('a read_only user finds the page in the sidebar and reports their own method’s progress, not their task’s', async ({ page, request }) => {
  const description = uniqueTitle('Viewer method');
  await createMethod(request, 'viewer', { description }, 'member');
  const taskTitle = uniqueTitle('Viewer task');
  await createTask(request, 'viewer', taskTitle);

  await signInAs(page, 'viewer');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Methods and Tasks' }).click();
  await expect(page).toHaveURL(/\/my-methods$/);

  const card = methodCard(page, description);
  await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await card.getByRole('button', { name: `Edit ${description}` }).click();
  const form = card.getByRole('form', { name: `Edit method ${description}` });
  await form.getByLabel('Current Measure').fill('3 of 5 regions');
  await form.getByLabel('Update').fill('Viewer report');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Method updated successfully')).toBeVisible();
  await expect(card.getByText('3 of 5 regions')).toBeVisible();
  await expect(card.getByText('Viewer report')).toBeVisible();

  // Tasks are for their owners with the admin or user role, or task managers.
  const task = taskCard(page, taskTitle);
  await expect(task).toBeVisible();
  await expect(task.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
});

test('a manage_structure user deletes a method only after typing DELETE, with the toasts', async ({ page, request }) => {
  const description = uniqueTitle('Doomed method');
  await createMethod(request, 'admin', { description });

  await signInAs(page, 'admin', '/my-methods');
  const card = methodCard(page, description);
  const remove = card.getByRole('button', { name: `Delete ${description}` });

  await remove.click();
  let dialog = page.getByRole('alertdialog', { name: 'Delete this method?' });
  await expect(dialog).toContainText(`"${description}" and its measures will be permanently deleted.`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  dialog = page.getByRole('alertdialog', { name: 'Type DELETE to confirm' });
  await dialog.getByLabel('Confirmation').fill('delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deletion cancelled')).toBeVisible();
  await expect(toast(page, 'Method was not deleted')).toBeVisible();
  await expect(card).toBeVisible();

  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('alertdialog').getByLabel('Confirmation').fill('DELETE');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Method and its measures deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a save that collides with a newer version keeps the typed text, names who saved first and reloads on request', async ({ browser, request }) => {
  test.setTimeout(120_000); // two browsers and an axe run, on a slow CI machine
  const description = uniqueTitle('Contested method');
  const { v2mom } = await createMethod(request, 'member', { description, update: 'Original report' });

  const member = await openAs(browser, 'member', '/my-methods');
  const card = methodCard(member.page, description);
  await card.getByRole('button', { name: `Edit ${description}` }).click();
  const form = card.getByRole('form', { name: `Edit method ${description}` });
  await form.getByLabel('Update').fill('My unsaved report');
  await form.getByLabel('Status').selectOption('at_risk');

  // Meanwhile the admin changes the method's status in the V2MOM form: the same field, another value.
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await admin.page.getByRole('tab', { name: /Methods/ }).click();
  await admin.page.getByLabel('Status').selectOption('completed');
  await admin.page.getByRole('button', { name: 'Save V2MOM' }).click();
  await expect(admin.page).toHaveURL(`/v2mom/${v2mom.id}`);

  // The live change does not touch the draft; it is announced with who made it.
  const notice = form.getByRole('alert', { name: new RegExp(`${DEMO_USERS.admin.name} changed this method`) });
  await expect(notice).toBeVisible();
  await expect(form.getByLabel('Update')).toHaveValue('My unsaved report');
  await expect(form.getByLabel('Status')).toHaveValue('at_risk');

  // Both changed the status: a conflict on that field, and nothing of the save is written.
  const answered = member.page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/methods\/\d+$/.test(response.url()));
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await answered).status()).toBe(409);
  await expect(toast(member.page, 'Failed to update method')).toBeVisible();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Update')).toHaveValue('My unsaved report');
  await expect(notice).toContainText('Reload to see their changes.');
  await expectNoSeriousA11yViolations(member.page);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0);
  await expect(form.getByLabel('Status')).toHaveValue('completed');
  await expect(form.getByLabel('Update')).toHaveValue('Original report');

  // From the fresh version the save goes through.
  await form.getByLabel('Update').fill('Report after reload');
  await form.getByLabel('Update').press('Control+Enter');
  await expect(toast(member.page, 'Method updated successfully')).toBeVisible();
  await expect(card.getByText('Report after reload')).toBeVisible();
  await expect(card.getByText('Completed')).toBeVisible();

  await member.context.close();
  await admin.context.close();
});

test('a save over a newer version that changed other fields lands with no prompt and keeps theirs', async ({ browser, request }) => {
  test.setTimeout(120_000); // two browsers, on a slow CI machine
  const description = uniqueTitle('Merged method');
  const { v2mom } = await createMethod(request, 'member', { description, update: 'Original report' });

  const member = await openAs(browser, 'member', '/my-methods');
  const card = methodCard(member.page, description);
  await card.getByRole('button', { name: `Edit ${description}` }).click();
  const form = card.getByRole('form', { name: `Edit method ${description}` });
  await form.getByLabel('Update').fill('My report');

  // Meanwhile the admin changes the status, a field the member did not touch.
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await admin.page.getByRole('tab', { name: /Methods/ }).click();
  await admin.page.getByLabel('Status').selectOption('completed');
  await admin.page.getByRole('button', { name: 'Save V2MOM' }).click();
  await expect(admin.page).toHaveURL(`/v2mom/${v2mom.id}`);

  const answered = member.page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/methods\/\d+$/.test(response.url()));
  await form.getByLabel('Update').press('Control+Enter');
  expect((await answered).status()).toBe(200);
  await expect(toast(member.page, 'Method updated successfully')).toBeVisible();
  await expect(card.getByText('My report')).toBeVisible();
  await expect(card.getByText('Completed')).toBeVisible();

  await member.context.close();
  await admin.context.close();
});

test('another person’s change appears on the open page with who made it, without a reload', async ({ browser, request }) => {
  const description = uniqueTitle('Watched method');
  const { method } = await createMethod(request, 'member', { description });
  const taskTitle = uniqueTitle('Watched task');
  const task = await createTask(request, 'member', taskTitle);

  const member = await openAs(browser, 'member', '/my-methods');
  const card = methodCard(member.page, description);
  await expect(card.getByText('In Progress')).toBeVisible();
  await markDocument(member.page);

  // The member is editing the task while the admin changes the method and the task.
  const taskItem = taskCard(member.page, taskTitle);
  await taskItem.getByRole('button', { name: `Edit ${taskTitle}` }).click();
  const taskForm = taskItem.getByRole('form', { name: `Edit task ${taskTitle}` });
  await taskForm.getByLabel('Updates').fill('Typing while others save');

  const admin = await openAs(browser, 'admin', '/dashboard');
  const methodSaved = await admin.page.request.put(`/api/methods/${method.id}`, { data: { version: method.version, status: 'at_risk', update: 'Admin report' } });
  expect(methodSaved.status(), await methodSaved.text()).toBe(200);
  const taskSaved = await admin.page.request.patch(`/api/tasks/${task.id}`, { data: { version: task.version, status: 'completed' } });
  expect(taskSaved.status(), await taskSaved.text()).toBe(200);

  await expect(card.getByText('At Risk')).toBeVisible();
  await expect(card.getByText('Admin report')).toBeVisible();
  await expect(card.getByText(`Updated by ${DEMO_USERS.admin.name}`)).toBeVisible();
  // The badge shows the new status; the draft being edited keeps its own, and says who changed the task.
  await expect(taskItem.locator('span', { hasText: /^Completed$/ })).toBeVisible();
  await expect(taskForm.getByRole('alert', { name: new RegExp(`${DEMO_USERS.admin.name} changed this task`) })).toBeVisible();
  await expect(taskForm.getByLabel('Updates')).toHaveValue('Typing while others save');
  await expect(taskForm.getByLabel('Status')).toHaveValue('not_started');
  await expectNotReloaded(member.page);

  await member.context.close();
  await admin.context.close();
});

test.describe('states', () => {
  test('loading shows placeholders, then the cards', async ({ page }) => {
    await signInAs(page, 'member');
    const release = await holdRequests(page, `/api/users/${await userIdOf(page.request, 'member')}/methods`);
    await page.goto('/my-methods');
    await expect(page.getByText('Loading your methods...')).toBeAttached();
    await expect(page.getByTestId('my-method-skeleton')).toHaveCount(2);
    release();
    await expect(page.getByTestId('my-method-skeleton')).toHaveCount(0);
    await expect(page.getByTestId('my-method-card').first()).toBeVisible();
  });

  test('a user without methods or tasks sees both empty states', async ({ page, request }) => {
    await signInRequest(request, 'admin');
    let emptyUser: string | undefined;
    for (const username of ['ravi', 'tom', 'leila', 'marcus', 'grace', 'sofia', 'kenji', 'hannah', 'diego', 'priya', 'omar', 'nina']) {
      const id = await userIdByUsername(request, username);
      if (id === undefined) continue;
      const [methods, tasks] = await Promise.all([request.get(`/api/users/${id}/methods`), request.get(`/api/tasks/user/${id}`)]);
      if (((await methods.json()) as unknown[]).length === 0 && ((await tasks.json()) as unknown[]).length === 0) {
        emptyUser = username;
        break;
      }
    }
    expect(emptyUser, 'a seeded member without methods and tasks').toBeDefined();

    await signInAsUsername(page, emptyUser!, '/my-methods');
    await expect(page.getByRole('heading', { name: 'No methods yet' })).toBeVisible();
    await expect(page.getByText('Methods you own will appear here.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No tasks yet' })).toBeVisible();
    await expect(page.getByText('Tasks assigned to you will appear here.')).toBeVisible();
  });

  test('a failed load says so per section and retries', async ({ page }) => {
    await signInAs(page, 'member');
    const network = await dropRequests(page, `/api/tasks/user/${await userIdOf(page.request, 'member')}`);
    await page.goto('/my-methods');
    const failed = page.getByRole('alert').filter({ hasText: "We couldn't load your tasks." });
    await expect(failed).toBeVisible();
    await expect(page.getByTestId('my-method-card').first()).toBeVisible();
    await network.retryWith(failed.getByRole('button', { name: 'Try again' }));
    await expect(failed).toHaveCount(0);
  });
});

test.describe('look and accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`no serious axe violations in the ${theme} theme, viewing and editing`, async ({ page, request }) => {
      test.slow(); // two axe runs over every method card
      const description = uniqueTitle(`Axe ${theme} method`);
      await createMethod(request, 'member', { description, update: 'A report to read', l2Owner: 'Grace Liu' });
      await useTheme(page, theme);
      await signInAs(page, 'member', '/my-methods');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(methodCard(page, description)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `my-methods-${theme}`);

      await methodCard(page, description).getByRole('button', { name: `Edit ${description}` }).click();
      await expect(page.getByRole('form', { name: `Edit method ${description}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `my-methods-editing-${theme}`);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('cards fit the width and the update text clamps to three lines', async ({ page, request }) => {
      const description = uniqueTitle('Phone method');
      await createMethod(request, 'member', { description, update: 'Line\n'.repeat(8) });
      await signInAs(page, 'member', '/my-methods');
      const card = methodCard(page, description);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('method-update')).toHaveCSS('-webkit-line-clamp', '3');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, 'my-methods-phone');
    });
  });
});
