import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS, signInAs, type DemoUser } from '../../support/demo.ts';
import { dropRequests, holdRequests, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const teamTable = (page: Page) => page.getByRole('table', { name: 'Team obstacles' });

test('every obstacle with its V2MOM, first linked method cut at 50 characters, and owner', async ({ page, request }) => {
  // A paged list by description: a leading digit puts these obstacles on the first page.
  const token = uniqueTitle('0 Team obstacle').replace(/\s+/g, '-');
  const longMethod = `${token} Second method with a description far longer than fifty characters`;
  const v2mom = await createV2mom(request, 'member', {
    title: `${token} plan`,
    methods: [{ description: `${token} First short` }, { description: longMethod }],
    obstacles: [
      { description: `${token} long link`, linkedMethodPositions: [1] },
      { description: `${token} two links`, linkedMethodPositions: [0, 1] },
      { description: `${token} short link`, linkedMethodPositions: [0] },
      { description: `${token} no link`, ownerId: null },
    ],
  });
  await signInAs(page, 'member', '/team-obstacles');

  await expect(page.getByRole('heading', { level: 1, name: 'Team Obstacles' })).toBeVisible();
  await expect(page.getByText('View and track obstacles across all team V2MOMs')).toBeVisible();
  await expect(teamTable(page).getByRole('columnheader')).toHaveText([/Description/, /V2MOM/, /Linked Method/, /Owner/, 'Teams', 'Comments']);

  const long = teamTable(page).getByRole('row', { name: new RegExp(`${token} long link`) });
  await expect(long.getByRole('link', { name: `${token} plan` })).toHaveAttribute('href', `/v2mom/${v2mom.id}`);
  const methodLink = long.getByRole('cell').nth(2).getByRole('link');
  await expect(methodLink).toHaveText(`${longMethod.slice(0, 50)}...`);
  await expect(methodLink).toHaveAttribute('href', `/method/${v2mom.methods[1]?.id}`);
  await expect(long.getByRole('cell').nth(3)).toHaveText(DEMO_USERS.admin.name); // who added it

  const short = teamTable(page).getByRole('row', { name: new RegExp(`${token} short link`) });
  await expect(short.getByRole('cell').nth(2)).toHaveText(`${token} First short`);

  // Two linked methods: only the first the obstacle names is shown.
  const twoLinks = v2mom.obstacles.find((obstacle) => obstacle.description === `${token} two links`);
  const firstId = twoLinks?.linkedMethodIds[0];
  const twoLinksRow = teamTable(page).getByRole('row', { name: new RegExp(`${token} two links`) });
  await expect(twoLinksRow.getByRole('cell').nth(2).getByRole('link')).toHaveCount(1);
  await expect(twoLinksRow.getByRole('cell').nth(2).getByRole('link')).toHaveAttribute('href', `/method/${firstId}`);

  const none = teamTable(page).getByRole('row', { name: new RegExp(`${token} no link`) });
  await expect(none.getByRole('cell').nth(2)).toHaveText('No linked method');
  await expect(none.getByRole('cell').nth(3)).toHaveText('Unassigned');

  // Sorting by a header.
  const owner = teamTable(page).getByRole('columnheader', { name: /Owner/ });
  await owner.getByRole('button').click();
  await expect(owner).toHaveAttribute('aria-sort', 'ascending');
});

test('the loading text while the obstacles load, marked busy until they show; a failed load offers a retry (the empty text: team-obstacles-states.test.tsx)', async ({
  page,
}) => {
  await signInAs(page, 'member', '/dashboard');
  const release = await holdRequests(page, '/api/obstacles');
  await page.goto('/team-obstacles');
  await expect(teamTable(page)).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Loading obstacles across all team V2MOMs...')).toBeVisible();
  release();
  await expect(teamTable(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(teamTable(page).getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });

  const network = await dropRequests(page, '/api/obstacles');
  await page.reload();
  const error = page.getByRole('alert').filter({ hasText: "We couldn't load the team's obstacles." });
  await expect(error).toContainText('Could not reach the server. Check your connection and try again.');
  await network.retryWith(error.getByRole('button', { name: 'Try again' }));
  await expect(teamTable(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(teamTable(page).getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible();
  await expect(error).toHaveCount(0);
});

for (const user of ['admin', 'coo', 'lead', 'member', 'viewer'] as const satisfies readonly DemoUser[]) {
  test(`${user} can open Team Obstacles`, async ({ page }) => {
    await signInAs(page, user, '/team-obstacles');
    await expect(page).toHaveURL(/\/team-obstacles$/);
    await expect(teamTable(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(teamTable(page).getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible();
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations, ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signInAs(page, 'viewer', '/team-obstacles');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(teamTable(page)).not.toHaveAttribute('aria-busy', 'true');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `team-obstacles-${theme}`);
  });
}

test('on a phone the rows become cards and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'member', '/team-obstacles');
  await expect(teamTable(page)).not.toHaveAttribute('aria-busy', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'team-obstacles-phone');
});

test('a shared obstacle shows once, marked Shared with the teams it blocks and its co-owner', async ({ page, request }) => {
  const token = uniqueTitle('0 Shared obstacle').replace(/\s+/g, '-');
  const marketing = await createV2mom(request, 'member', { title: `${token} marketing`, obstacles: [{ description: `${token} joined one` }] });
  const aiGtm = await createV2mom(request, 'lead', { title: `${token} ai`, obstacles: [{ description: `${token} the shared one` }] });
  const joined = marketing.obstacles[0]!;
  const response = await request.post(`/api/obstacles/${joined.id}/join`, { data: { sharedObstacleId: aiGtm.obstacles[0]!.id, version: joined.version } });
  expect(response.status(), await response.text()).toBe(200);

  await signInAs(page, 'member', '/team-obstacles');
  const shared = teamTable(page).getByRole('row', { name: new RegExp(`${token} the shared one`) });
  await expect(shared.getByText('Shared', { exact: true })).toBeVisible();
  await expect(shared.getByText('Teams: AI GTM, Marketing')).toBeVisible();
  await expect(shared.getByText(/^Co-owners: /)).toBeVisible();
  await expect(teamTable(page).getByRole('row', { name: new RegExp(`${token} joined one`) })).toHaveCount(0);
});
