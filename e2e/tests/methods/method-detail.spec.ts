import type { APIRequestContext, Page } from '@playwright/test';
import { QUARTERS, quarterLabel } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { SUITE_QUARTER } from '../../support/clock.ts';
import { DEMO_USERS, signInAs } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { readEveryMethod } from '../../support/methods.ts';
import { dropRequests, holdRequests, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { FULL_DOCUMENT, createV2mom, signInRequest, uniqueTitle, userIdOf, type SavedV2mom } from '../../support/v2mom-documents.ts';

interface Method {
  id: number;
  version: number;
}

/** An obstacle the admin adds to the method, then resolves (deletes): a span on the chart's time line. */
const RESOLVED_OBSTACLE = 'Vendor contract held in legal';

/**
 * A member's V2MOM whose first method has every block filled in and links the second, with two
 * check-ins and an obstacle added and resolved since.
 */
async function fullMethod(request: APIRequestContext): Promise<{ v2mom: SavedV2mom; main: Method; other: Method }> {
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Method detail'),
    ...FULL_DOCUMENT,
    methods: [FULL_DOCUMENT.methods![0]!, { description: uniqueTitle('Plain method') }],
  });
  const main: Method = v2mom.methods[0]!;
  const other: Method = v2mom.methods[1]!;
  await signInRequest(request, 'admin');
  const response = await request.put(`/api/methods/${main.id}`, {
    data: {
      version: main.version,
      activities: 'Weekly kickoff reviews\nPlaybook workshop',
      q1Measure: 'Playbook drafted',
      q2Measure: 'Pilot in two regions',
      q3Measure: 'Rolled out everywhere',
      q4Measure: 'Median under 30 days',
      q2Goal: 'Two regions live',
      linkedMethodId: other.id,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  let latest = (await response.json()) as Method;
  for (const progress of [30, 45]) {
    const checkIn = await request.put(`/api/methods/${main.id}`, { data: { version: latest.version, progress } });
    expect(checkIn.status(), await checkIn.text()).toBe(200);
    latest = (await checkIn.json()) as Method;
  }
  const added = await request.post('/api/obstacles', { data: { v2momId: v2mom.id, description: RESOLVED_OBSTACLE, linkedMethodIds: [main.id] } });
  expect(added.status(), await added.text()).toBe(201);
  const resolved = await request.delete(`/api/obstacles/${((await added.json()) as { id: number }).id}`);
  expect(resolved.status(), await resolved.text()).toBe(200);
  return { v2mom, main: latest, other };
}

async function openDetail(page: Page, user: 'admin' | 'member' | 'viewer', id: number, heading: string) {
  await signInAs(page, user, `/method/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name, exact: typeof name === 'string' });

test('shows every block of a method, the current quarter marked, and leads to its linked method and V2MOM', async ({ page, request }) => {
  const { v2mom, main, other } = await fullMethod(request);
  await openDetail(page, 'viewer', main.id, 'Standardise the onboarding playbook');

  // The status badge (the chart's text equivalent names the status too, later in the page).
  await expect(page.getByText('At Risk', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('COO Tracking', { exact: true })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: DEMO_USERS.member.name })).toContainText(DEMO_USERS.member.department);
  await expect(page.getByRole('definition').filter({ hasText: 'Isabel Costa' })).toBeVisible();
  await expect(page.getByRole('definition').getByRole('link', { name: v2mom.title })).toHaveAttribute('href', `/v2mom/${v2mom.id}`);

  await expect(region(page, 'Overall Measure')).toContainText('Median days to go-live');
  const quarter = quarterLabel(SUITE_QUARTER);
  const quarterText = { q1: 'Playbook drafted', q2: 'Pilot in two regions', q3: 'Rolled out everywhere', q4: 'Median under 30 days' }[SUITE_QUARTER];
  await expect(region(page, `Current Quarter Measure (${quarter})`)).toContainText(quarterText);
  await expect(region(page, 'Current Measure')).toContainText('52 days');
  await expect(region(page, 'Latest Update')).toContainText('Regional leads disagree on kickoff ownership.');
  await expect(region(page, 'Activities')).toContainText('Weekly kickoff reviews\nPlaybook workshop');

  const quarters = region(page, 'Quarterly Measures').getByRole('listitem');
  await expect(quarters).toHaveCount(4);
  for (const [index, name] of QUARTERS.entries()) await expect(quarters.nth(index)).toContainText(`${quarterLabel(name)} Measure`);
  const marked = region(page, 'Quarterly Measures').locator('[aria-current="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(`${quarter} Measure`);
  await expect(marked).toContainText('Current quarter');
  await expect(region(page, 'Quarterly Measures')).toContainText('Goal: Two regions live');

  await expect(region(page, 'Linked Values').getByRole('listitem')).toHaveText(['Customer first']);
  const obstacles = region(page, 'Obstacles');
  await expect(obstacles).toContainText('No shared kickoff owner');
  await expect(obstacles).toContainText('Impact');
  await expect(obstacles).toContainText('Mitigation');

  const linked = region(page, 'Linked Method');
  await expect(linked).toContainText(v2mom.methods[1]!.description);
  await linked.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/method/${other.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: v2mom.methods[1]!.description })).toBeVisible();
  // The linked method lists the one linking to it.
  await expect(region(page, 'Linked Method')).toContainText('Linked from');
  await expect(region(page, 'Linked Method').getByRole('link', { name: 'Standardise the onboarding playbook' })).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/v2mom/${v2mom.id}$`));
});

test("marks the obstacles added and resolved on the chart's time line, and follows them live", async ({ browser, request }) => {
  const { v2mom, main } = await fullMethod(request);
  const viewer = await openAs(browser, 'viewer', `/method/${main.id}`);
  const chart = viewer.page.getByRole('group', { name: /^Progress this fiscal year, 2 check-ins, 2 obstacles \(listed below\)/ });
  await expect(chart).toBeVisible();
  const timeline = region(viewer.page, 'Obstacles on this time line').getByRole('listitem');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.filter({ hasText: 'No shared kickoff owner' })).toContainText('Open');
  await expect(timeline.filter({ hasText: RESOLVED_OBSTACLE })).toContainText('Resolved');
  await expect(viewer.page.getByTestId('obstacle-mark')).toHaveCount(2);
  await markDocument(viewer.page);

  // Someone else adds one and resolves it while the page is open.
  const added = await request.post('/api/obstacles', { data: { v2momId: v2mom.id, description: 'Regional budget frozen', linkedMethodIds: [main.id] } });
  expect(added.status(), await added.text()).toBe(201);
  const late = timeline.filter({ hasText: 'Regional budget frozen' });
  await expect(late).toContainText('Open');
  await expect(viewer.page.getByTestId('obstacle-mark')).toHaveCount(3);
  const resolved = await request.delete(`/api/obstacles/${((await added.json()) as { id: number }).id}`);
  expect(resolved.status()).toBe(200);
  await expect(late).toContainText('Resolved');
  await expectNotReloaded(viewer.page);
  await viewer.context.close();
});

test('a method with nothing filled in says so in every block', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Bare method'), methods: [{ description: uniqueTitle('Bare') }] });
  const method = v2mom.methods[0]!;
  await openDetail(page, 'member', method.id, method.description);
  await expect(page.getByText('Not Started', { exact: true })).toBeVisible();
  await expect(page.getByText('COO Tracking', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('definition').filter({ hasText: 'None' })).toBeVisible();
  await expect(region(page, 'Overall Measure')).toContainText('No measure set');
  await expect(region(page, /^Current Quarter Measure/)).toContainText(`No ${quarterLabel(SUITE_QUARTER)} measure set`);
  await expect(region(page, 'Current Measure')).toContainText('Not measured');
  await expect(region(page, 'Latest Update')).toContainText('No updates yet');
  await expect(region(page, 'Activities')).toContainText('No activities recorded');
  await expect(region(page, 'Linked Values')).toContainText('No linked values');
  await expect(region(page, 'Obstacles')).toContainText('No obstacles linked to this method');
  await expect(region(page, 'Linked Method')).toContainText('No linked method');
});

test('shows the impact and mitigation an obstacle carries', async ({ page }) => {
  await signInAs(page, 'viewer');
  const methods = await readEveryMethod(page.request);
  let shown: { id: number; description: string; obstacles: Array<{ description: string; impact: string | null; mitigation: string | null }> } | undefined;
  for (const method of methods.filter((candidate) => candidate.obstacles.length > 0)) {
    const detail = await (await page.request.get(`/api/methods/${method.id}/complete`)).json();
    if (detail.obstacles.some((obstacle: { impact: string | null }) => obstacle.impact)) {
      shown = detail;
      break;
    }
  }
  if (!shown) throw new Error('The demo seed has no obstacle with an impact');
  await page.goto(`/method/${shown.id}`);
  const obstacle = shown.obstacles.find((candidate) => candidate.impact)!;
  const item = region(page, 'Obstacles').getByRole('listitem').filter({ hasText: obstacle.description });
  await expect(item).toContainText(obstacle.impact!);
  if (obstacle.mitigation) await expect(item).toContainText(obstacle.mitigation);
});

test('an unknown method reads Method Not Found and returns to the dashboard', async ({ page }) => {
  await signInAs(page, 'member', '/method/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Method Not Found' })).toBeVisible();
  await expect(page.getByText("The method you're looking for doesn't exist or you don't have permission to view it.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('shows a skeleton while loading and a retry when the load fails', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Loading method'), methods: [{ description: uniqueTitle('Slow') }] });
  const method = v2mom.methods[0]!;
  await signInAs(page, 'member');
  const release = await holdRequests(page, `/api/methods/${method.id}/complete`);
  await page.goto(`/method/${method.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading method...' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { level: 1, name: method.description })).toBeVisible();

  await page.unrouteAll({ behavior: 'wait' });
  const network = await dropRequests(page, `/api/methods/${method.id}/complete`);
  await page.reload();
  const error = page.getByRole('alert').filter({ hasText: "We couldn't load this method." });
  await expect(error).toContainText('Could not reach the server. Check your connection and try again.');
  await network.retryWith(error.getByRole('button', { name: 'Try again' }));
  await expect(page.getByRole('heading', { level: 1, name: method.description })).toBeVisible();
});

test("the owner's update and status appear on another user's open detail with who made them, its chart gaining the check-in", async ({ browser, request }) => {
  const v2mom = await createV2mom(request, 'admin', {
    title: uniqueTitle('Live method'),
    methods: [{ description: uniqueTitle('Live method'), status: 'in_progress' }],
  });
  const memberId = await userIdOf(request, 'member');
  // The admin makes the member its owner, so the member's own progress update is what arrives.
  const method = v2mom.methods[0]!;
  const owned = await request.put(`/api/methods/${method.id}`, { data: { version: method.version, ownerId: memberId } });
  expect(owned.status()).toBe(200);

  const admin = await openAs(browser, 'admin', `/method/${method.id}`);
  await expect(admin.page.getByText('In Progress', { exact: true })).toBeVisible();
  const checkIns = admin.page.getByRole('table', { name: 'Check-ins this fiscal year, oldest first' }).locator('tbody tr');
  await expect(admin.page.getByText('No check-ins yet')).toBeVisible();
  await markDocument(admin.page);

  const member = await openAs(browser, 'member', '/dashboard');
  const update = await member.page.request.put(`/api/methods/${method.id}`, {
    data: { version: ((await owned.json()) as Method).version, update: 'Pilot signed with two regions', status: 'completed' },
  });
  expect(update.status(), await update.text()).toBe(200);

  await expect(region(admin.page, 'Latest Update')).toContainText('Pilot signed with two regions');
  // The status badge (the chart's text equivalent names the status too, later in the page).
  await expect(admin.page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(admin.page.getByText(`Updated by ${DEMO_USERS.member.name}`)).toBeVisible();
  await expect(region(admin.page, 'Latest Update')).toContainText(`by ${DEMO_USERS.member.name}`);
  // The check-in arrives with the event: a point on the chart, a row of its text equivalent.
  await expect(checkIns).toHaveCount(1);
  await expect(checkIns.first()).toContainText(DEMO_USERS.member.name);
  await expect(checkIns.first()).toContainText('Completed');
  await expect(admin.page.getByTestId('progress-chart').locator('svg circle')).toHaveCount(1);
  await expectNotReloaded(admin.page);
  await admin.context.close();
  await member.context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`has no serious accessibility problems in the ${theme} theme`, async ({ page, request }) => {
    const { main } = await fullMethod(request);
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await openDetail(page, 'member', main.id, 'Standardise the onboarding playbook');
    await expect(page.getByTestId('obstacle-mark')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `method-detail-${theme}`);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`fits a phone in the ${theme} theme, the chart's obstacles listed under it`, async ({ page, request }) => {
    const { main } = await fullMethod(request);
    await useTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await openDetail(page, 'member', main.id, 'Standardise the onboarding playbook');
    await expect(region(page, 'Obstacles on this time line').getByRole('listitem')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, `method-detail-phone-${theme}`);
  });
}

test('opening the check-ins lengthens the Latest Update figure alone, not the others of its row', async ({ page, request }) => {
  const { main } = await fullMethod(request);
  let latest = main;
  for (const progress of [50, 55, 60, 65, 70, 75]) {
    const checkIn = await request.put(`/api/methods/${main.id}`, { data: { version: latest.version, progress, update: `Reached ${progress}% this week` } });
    expect(checkIn.status(), await checkIn.text()).toBe(200);
    latest = (await checkIn.json()) as Method;
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openDetail(page, 'member', main.id, 'Standardise the onboarding playbook');
  const measure = region(page, 'Overall Measure');
  const update = region(page, 'Latest Update');
  // The four figures share one row at this width.
  expect((await measure.boundingBox())!.y).toBe((await update.boundingBox())!.y);
  const closedHeight = (await measure.boundingBox())!.height;

  await update.getByText('Check-ins (8)').click();
  await expect(update.getByRole('listitem')).toHaveCount(8);
  expect((await update.boundingBox())!.height).toBeGreaterThan(closedHeight * 2);
  expect((await measure.boundingBox())!.height).toBe(closedHeight);
});
