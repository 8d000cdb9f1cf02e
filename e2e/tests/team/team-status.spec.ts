import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS, signInAs } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { readEveryMethod } from '../../support/methods.ts';
import { holdRequests, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle, userIdOf } from '../../support/v2mom-documents.ts';

interface Department {
  name: string;
}

const DENIED = 'Access denied. This page is only available for authorized users.';
const methodCard = (page: Page, description: string) => page.getByRole('article', { name: description });

async function departmentCounts(request: APIRequestContext, department: string) {
  const tasks = (await (await request.get('/api/tasks/count', { params: { department } })).json()) as { count: number };
  return [(await readEveryMethod(request, { department })).length, tasks.count];
}

for (const user of ['member', 'viewer'] as const) {
  test(`${user} (no manage_tasks) reads the access-denied text and no team data`, async ({ page }) => {
    let asked = false;
    page.on('request', (r) => {
      if (['/api/methods', '/api/team/status-counts', '/api/tasks'].includes(new URL(r.url()).pathname)) asked = true;
    });
    await signInAs(page, user, '/team-status');
    await expect(page).toHaveURL(/\/team-status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Status' })).toBeVisible();
    await expect(page.getByRole('alert').getByText(DENIED)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Department' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Team Status' })).toHaveCount(0);
    expect(asked).toBe(false);
  });
}

for (const user of ['admin', 'coo', 'lead'] as const) {
  test(`${user} (manage_tasks) sees their department's overview, counted like the server`, async ({ page }) => {
    await signInAs(page, user, '/team-status');
    const department = DEMO_USERS[user].department;
    await expect(page.getByRole('heading', { level: 1, name: 'Team Status' })).toBeVisible();
    await expect(page.getByText('View methods and tasks by department')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Department' })).toHaveValue(department);
    await expect(page.getByText(DENIED)).toHaveCount(0);
    const overview = page.getByRole('region', { name: `${department} Overview` });
    await expect
      .poll(async () => {
        const shown = [Number(await overview.locator('dd').nth(0).textContent()), Number(await overview.locator('dd').nth(1).textContent())];
        return JSON.stringify(shown) === JSON.stringify(await departmentCounts(page.request, department));
      })
      .toBe(true);
    await expect(page.getByRole('list', { name: `Methods of ${department}` })).toBeVisible();
  });
}

test('the department select lists the database departments and switches the screen', async ({ page }) => {
  await signInAs(page, 'lead', '/team-status');
  const departments = (await (await page.request.get('/api/departments')).json()) as Department[];
  await expect(page.getByRole('combobox', { name: 'Department' }).getByRole('option')).toHaveText(departments.map((d) => d.name));
  await page.getByRole('combobox', { name: 'Department' }).selectOption('Marketing');
  await expect(page.getByRole('heading', { name: 'Marketing Overview' })).toBeVisible();
  await expect(page).toHaveURL(/department=Marketing/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Marketing Overview' })).toBeVisible();
});

test('a method card shows every field, Not specified for missing measures; a task card its fields', async ({ page, request }) => {
  const described = uniqueTitle('Team status measured');
  const bare = uniqueTitle('Team status bare');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Team status V2MOM'),
    year: 2026,
    methods: [
      { description: described, status: 'at_risk', measure: 'Leads per week', currentMeasure: '12', update: 'Ads paused', l2Owner: 'Isabel Costa' },
      { description: bare, status: 'in_progress' },
    ],
  });
  await signInRequest(request, 'lead');
  const memberId = await userIdOf(request, 'member');
  const taskTitle = uniqueTitle('Team status task');
  const created = await request.post('/api/tasks', {
    data: { title: taskTitle, description: 'Write the brief', ownerId: memberId, methodId: v2mom.methods[0]!.id },
  });
  expect(created.status()).toBe(201);

  await signInAs(page, 'lead', '/team-status?department=Marketing');
  const full = methodCard(page, described);
  await expect(full.getByText('At Risk')).toBeVisible();
  await expect(full.getByText(`${v2mom.title} (2026)`)).toBeVisible();
  await expect(full.getByText(DEMO_USERS.member.name)).toBeVisible();
  await expect(full.getByText('Isabel Costa')).toBeVisible();
  await expect(full.getByText('Leads per week')).toBeVisible();
  await expect(full.getByText('12', { exact: true })).toBeVisible();
  await expect(full.getByText('Ads paused')).toBeVisible();
  for (const label of ['V2MOM', 'Owner', 'L2 Owner', 'Due Date', 'Target Measure', 'Current Measure', 'Latest Update']) {
    await expect(full.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(methodCard(page, bare).getByText('Not specified')).toHaveCount(2);

  const task = page.getByRole('list', { name: 'Tasks of Marketing' }).getByRole('article', { name: taskTitle });
  await expect(task.getByText('Not Started')).toBeVisible();
  await expect(task.getByText(`${DEMO_USERS.member.name} (Marketing)`)).toBeVisible();
  await expect(task.getByText('Write the brief')).toBeVisible();
  await expect(task.getByText(described)).toBeVisible();
  await expect(task.getByText('No updates yet')).toBeVisible();
});

test('Loading methods... while the first page comes, marked busy until it is shown', async ({ page }) => {
  await signInAs(page, 'lead', '/dashboard');
  const release = await holdRequests(page, '/api/methods');
  await page.goto('/team-status');
  await expect(page.getByText('Loading methods...')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
  release();
  await expect(page.getByText('Loading methods...')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('list', { name: `Methods of ${DEMO_USERS.lead.department}` })).toBeVisible();
});

test('the methods come latest change first: a method changed last leads one created after it', async ({ page, request }) => {
  const changed = uniqueTitle('Team status changed last');
  const created = uniqueTitle('Team status created last');
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Team status order V2MOM'), methods: [{ description: changed }, { description: created }] });
  const method = v2mom.methods[0]!;
  const saved = await request.put(`/api/methods/${method.id}`, { data: { version: method.version, status: 'at_risk' } });
  expect(saved.status(), await saved.text()).toBe(200);

  await signInAs(page, 'lead', '/team-status?department=Marketing');
  const titles = page.getByRole('list', { name: 'Methods of Marketing' }).getByRole('article').getByRole('heading');
  await expect(titles.filter({ hasText: created })).toBeVisible();
  const order = await titles.allTextContents();
  expect(order.indexOf(changed)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(changed)).toBeLessThan(order.indexOf(created));
});

test('a method’s status change shows on an open Team Status without a reload', async ({ browser, request }) => {
  const description = uniqueTitle('Live team method');
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Live team V2MOM'), methods: [{ description, status: 'in_progress' }] });
  const admin = await openAs(browser, 'admin', '/team-status?department=Marketing');
  const shown = methodCard(admin.page, description);
  await expect(shown.getByText('In Progress')).toBeVisible();
  await markDocument(admin.page);

  const member = await openAs(browser, 'member', '/dashboard');
  const method = v2mom.methods[0]!;
  const saved = await member.page.request.put(`/api/methods/${method.id}`, { data: { version: method.version, status: 'completed' } });
  expect(saved.status(), await saved.text()).toBe(200);

  await expect(shown.getByText('Completed')).toBeVisible();
  await expect(shown.getByText(`Updated by ${DEMO_USERS.member.name}`)).toBeVisible();
  await expectNotReloaded(admin.page);
  await admin.context.close();
  await member.context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signInAs(page, 'lead', '/team-status?department=Marketing');
    await expect(page.getByRole('heading', { name: 'Marketing Overview' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `team-status-${theme}`);
    await signInAs(page, 'member', '/team-status');
    await expect(page.getByText(DENIED)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('phone layout', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'lead', '/team-status?department=Marketing');
  await expect(page.getByRole('heading', { name: 'Marketing Overview' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'team-status-phone');
});
