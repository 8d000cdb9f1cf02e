import type { TMethodStatusCounts } from '@v2mom/contracts';
import { signInAs } from '../../support/demo.ts';
import { expectShownLikeServer, holdRequests, nextJson } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';

interface TeamRow {
  user: { id: number; name: string; department: string };
  totalMethods: number;
  methodsOnTrack: number;
  v2momId: number | null;
}

test('shows the header, the assistant card and the three actions to users who can edit', async ({ page }) => {
  await signInAs(page, 'member');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText("Overview of your team's V2MOM progress")).toBeVisible();

  await expect(page.getByRole('heading', { name: 'AI Assistant' })).toBeVisible();
  await page.getByRole('link', { name: 'Ask the Assistant' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await page.goBack();

  await expect(page.getByRole('link', { name: 'Add Method' })).toHaveAttribute('href', '/add-method');
  await expect(page.getByRole('button', { name: 'Add Obstacle' })).toBeVisible();
  await page.getByRole('link', { name: 'Create New V2MOM' }).click();
  await expect(page).toHaveURL(/\/my-v2mom\/create$/);
});

test('a read-only user sees no action buttons', async ({ page }) => {
  await signInAs(page, 'viewer');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team Progress' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Method' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Obstacle' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create New V2MOM' })).toHaveCount(0);
});

test('the summary cards count the methods there are and lead to the items list', { tag: '@smoke' }, async ({ page }) => {
  await signInAs(page, 'admin');
  const onTrackCard = page.getByRole('link', { name: /^Methods on Track / });
  const atRiskCard = page.getByRole('link', { name: /^At Risk Methods / });
  await expect(onTrackCard).toContainText('Methods on Track');

  await expectShownLikeServer(
    page,
    '/api/methods/summary',
    async () => ({
      onTrack: (await onTrackCard.innerText()).match(/\d+ of \d+/)?.[0],
      onTrackBar: await onTrackCard.getByRole('progressbar').getAttribute('aria-valuenow'),
      atRisk: (await atRiskCard.innerText()).match(/\d+ methods/)?.[0],
      atRiskBar: await atRiskCard.getByRole('progressbar').getAttribute('aria-valuenow'),
    }),
    ({ total, onTrack, atRisk }: TMethodStatusCounts) => ({
      onTrack: `${onTrack} of ${total}`,
      onTrackBar: String(Math.round((onTrack / total) * 100)),
      atRisk: `${atRisk} methods`,
      atRiskBar: String(Math.min(100, atRisk * 10)),
    }),
  );

  await atRiskCard.click();
  await expect(page).toHaveURL(/\/items-list$/);
  await page.goBack();
  await onTrackCard.click();
  await expect(page).toHaveURL(/\/items-list$/);
});

test('three skeletons show while the method counts load', async ({ page }) => {
  const release = await holdRequests(page, '/api/methods/summary');
  await signInAs(page, 'admin');
  await expect(page.getByTestId('summary-skeleton')).toHaveCount(3);
  release();
  await expect(page.getByTestId('summary-skeleton')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Methods on Track / })).toBeVisible();
});

test('Key Metrics previews COO-tracked methods and links to all of them', async ({ page }) => {
  // The preview's one page: the 4 COO-tracked methods changed last.
  const cooLoaded = nextJson<{ rows: Array<{ id: number; description: string }> }>(page, '/api/methods');
  await signInAs(page, 'admin');
  const coo = (await cooLoaded).rows;
  const section = page.getByRole('region', { name: 'Key Metrics' });
  await expect(section.getByRole('listitem')).toHaveCount(Math.min(4, coo.length));
  // Other tests' V2MOMs may carry methods of the same description: the first item is the first row.
  await expect(section.getByRole('listitem').first().getByRole('link', { name: coo[0]!.description })).toHaveAttribute('href', `/method/${coo[0]!.id}`);
  await section.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/key-metrics$/);
});

test('Team Progress lists members, filters by department, links to V2MOMs and says when empty', async ({ page }) => {
  const progressLoaded = nextJson<{ rows: TeamRow[] }>(page, '/api/team/progress');
  const departmentsLoaded = nextJson<Array<{ name: string }>>(page, '/api/departments');
  await signInAs(page, 'admin');
  const { rows } = await progressLoaded; // the demo company's team fits the first page
  const departments = await departmentsLoaded;
  const table = page.getByRole('table', { name: 'Team Progress' });

  for (const header of ['Person', 'Department', 'Methods on Track', 'Last Updated']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
  await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible();

  // Department select: every department from the API, filtering the rows.
  const select = page.getByLabel('Department', { exact: true });
  await expect(select.getByRole('option')).toHaveText(['All Departments', ...departments.map((d) => d.name)]);
  const withV2mom = rows.find((row) => row.v2momId !== null)!;
  const inDepartment = rows.filter((row) => row.user.department === withV2mom.user.department);
  await select.selectOption(withV2mom.user.department);
  await expect(table.getByRole('row')).toHaveCount(inDepartment.length + 1);

  const row = table.getByRole('row').filter({ hasText: withV2mom.user.name });
  await expect(row).toContainText(`${withV2mom.methodsOnTrack} out of ${withV2mom.totalMethods}`);
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/v2mom/${withV2mom.v2momId}`);
  await row.getByRole('cell').first().click();
  await expect(page).toHaveURL(new RegExp(`/v2mom/${withV2mom.v2momId}$`));
  await page.goBack();

  // A member without a V2MOM has no View link.
  const withoutV2mom = rows.find((r) => r.v2momId === null);
  if (withoutV2mom) {
    await page.getByLabel('Department', { exact: true }).selectOption(withoutV2mom.user.department);
    const plain = page.getByRole('table', { name: 'Team Progress' }).getByRole('row').filter({ hasText: withoutV2mom.user.name });
    await expect(plain).toContainText(`${withoutV2mom.methodsOnTrack} out of ${withoutV2mom.totalMethods}`);
    await expect(plain.getByRole('link')).toHaveCount(0);
  }

  const empty = departments.find((d) => !rows.some((r) => r.user.department === d.name));
  test.skip(!empty, 'every department has a team member');
  await page.getByLabel('Department', { exact: true }).selectOption(empty!.name);
  await expect(page.getByRole('table', { name: 'Team Progress' }).getByRole('cell', { name: 'No team members found' })).toBeVisible();
});

test('is usable at 360 px: the table stacks and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAs(page, 'admin');
  await expect(page.getByRole('link', { name: /^Methods on Track / })).toBeVisible();
  const firstRow = page.getByRole('table', { name: 'Team Progress' }).getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await expect(firstRow).toHaveCSS('display', 'block'); // each row is a card
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
