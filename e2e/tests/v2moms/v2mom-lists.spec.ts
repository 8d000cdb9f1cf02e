import type { Page } from '@playwright/test';
import { DEFAULT_PAGE_SIZE, holdsWords, searchWords } from '@v2mom/contracts';
import { signInAs } from '../../support/demo.ts';
import { expectShownLikeServer, holdRequests, nextJson, signInAsUsername } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';

interface V2momRow {
  id: number;
  title: string;
  year: number;
  quarter: string;
  status: string;
  vision: string;
  overallProgress: number;
  owner: { name: string; department: string; avatarUrl: string | null };
}

const STATUS_LABELS: Record<string, string> = {
  completed: 'Completed',
  in_progress: 'In Progress',
  at_risk: 'At Risk',
  draft: 'Draft',
  not_started: 'Not Started',
};

interface V2momPage {
  rows: V2momRow[];
  nextCursor: string | null;
}

/**
 * Team V2MOMs shows what the server's list holds: its first page, up to DEFAULT_PAGE_SIZE rows,
 * more only as one scrolls (the demo has fewer; the whole suite's writes make more).
 */
const expectTeamRows = (page: Page, matches: (v2mom: V2momRow) => boolean = () => true) =>
  expectShownLikeServer(page, '/api/v2moms?limit=200', () => page.getByTestId('team-v2mom-row').count(), (all: V2momPage) => Math.min(all.rows.filter(matches).length, DEFAULT_PAGE_SIZE));

/** Whether a search finds the V2MOM: every word in its title, owner name or department. */
const found = (v2mom: V2momRow, search: string) => holdsWords(`${v2mom.title} ${v2mom.owner.name} ${v2mom.owner.department}`, searchWords(search));

test.describe('My V2MOMs', () => {
  test("lists the signed-in user's V2MOMs as cards with every element", async ({ page }) => {
    const me = 'member';
    await signInAs(page, me, '/dashboard');
    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
    const loaded = nextJson<V2momRow[]>(page, `/api/users/${user.id}/v2moms`);
    await page.goto('/my-v2mom');
    const v2moms = await loaded;
    expect(v2moms.length).toBeGreaterThan(0);

    await expect(page.getByRole('heading', { level: 1, name: 'My V2MOMs' })).toBeVisible();
    await expectShownLikeServer(page, `/api/users/${user.id}/v2moms`, () => page.getByRole('article').count(), (mine: V2momRow[]) => mine.length);
    const v2mom = v2moms[0]!;
    const card = page.getByRole('article', { name: v2mom.title });
    await expect(card.getByRole('heading', { name: v2mom.title })).toBeVisible();
    await expect(card).toContainText(`${v2mom.quarter.toUpperCase()} ${v2mom.year}`);
    await expect(card).toContainText(/Last updated .*ago/);
    await expect(card.getByText(STATUS_LABELS[v2mom.status]!, { exact: true })).toBeVisible();
    await expect(card.getByText(v2mom.vision)).toBeVisible();
    await expect(card.getByText(`Overall completion: ${v2mom.overallProgress}%`)).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(Math.round(v2mom.overallProgress)));
    // The vision is clamped to two lines.
    await expect(card.getByText(v2mom.vision)).toHaveCSS('-webkit-line-clamp', '2');

    await expect(card.getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', `/my-v2mom/edit/${v2mom.id}`);
    await card.getByRole('link', { name: /^View/ }).click();
    await expect(page).toHaveURL(new RegExp(`/v2mom/${v2mom.id}$`));
    await page.goBack();
    await page.getByRole('link', { name: 'Create New V2MOM' }).click();
    await expect(page).toHaveURL(/\/my-v2mom\/create$/);
  });

  test('shows two skeleton cards while loading', async ({ page }) => {
    await signInAs(page, 'member');
    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
    const release = await holdRequests(page, `/api/users/${user.id}/v2moms`);
    await page.goto('/my-v2mom');
    await expect(page.getByTestId('v2mom-card-skeleton')).toHaveCount(2);
    release();
    await expect(page.getByTestId('v2mom-card-skeleton')).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('a user without V2MOMs sees the empty state with its way to create one', async ({ page }) => {
    // Nina owns methods but no V2MOM in the demo organisation.
    await signInAsUsername(page, 'nina', '/my-v2mom');
    await expect(page.getByRole('heading', { name: 'No V2MOMs Created Yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Create Your First V2MOM' }).click();
    await expect(page).toHaveURL(/\/my-v2mom\/create$/);
  });
});

test.describe('Team V2MOMs', () => {
  test('lists every V2MOM with title, owner, status, progress, last update and a View link', async ({ page }) => {
    const loaded = nextJson<V2momPage>(page, '/api/v2moms');
    await signInAs(page, 'viewer', '/team-v2moms');
    const v2moms = (await loaded).rows;
    const table = page.getByRole('table', { name: 'Team V2MOMs' });
    for (const header of ['V2MOM Title', 'Owner', 'Status', 'Progress', 'Last Updated']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expectTeamRows(page);

    const v2mom = v2moms[0]!;
    const row = page.getByTestId('team-v2mom-row').filter({ hasText: v2mom.title }).first();
    await expect(row).toContainText(`${v2mom.quarter.toUpperCase()} ${v2mom.year}`);
    await expect(row).toContainText(v2mom.owner.name);
    await expect(row).toContainText(v2mom.owner.department);
    await expect(row).toContainText(STATUS_LABELS[v2mom.status]!);
    await expect(row).toContainText(`${v2mom.overallProgress}%`);
    await expect(row).toContainText(/ago/);
    const initials = v2mom.owner.name.split(/\s+/).map((w) => w[0]).filter((_, i, all) => i === 0 || i === all.length - 1).join('').toUpperCase();
    await expect(row.getByText(initials, { exact: true })).toBeVisible(); // the generated avatar
    await expect(row.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/v2mom/${v2mom.id}`);

    await row.getByRole('cell').first().click();
    await expect(page).toHaveURL(new RegExp(`/v2mom/${v2mom.id}$`));
  });

  test('filters live by search, department and status; Apply Filters adds nothing', async ({ page }) => {
    const loaded = nextJson<V2momPage>(page, '/api/v2moms');
    const departmentsLoaded = nextJson<Array<{ name: string }>>(page, '/api/departments');
    await signInAs(page, 'viewer', '/team-v2moms');
    const v2moms = (await loaded).rows;
    const departments = await departmentsLoaded;
    const rows = page.getByTestId('team-v2mom-row');
    await expectTeamRows(page);

    await expect(page.getByLabel('Department', { exact: true }).getByRole('option')).toHaveText(['All Departments', ...departments.map((d) => d.name)]);
    await expect(page.getByLabel('Status', { exact: true }).getByRole('option')).toHaveText(['All Statuses', 'Completed', 'In Progress', 'At Risk', 'Draft']);

    // Search by owner name, live, case-insensitive, kept in the URL.
    const owner = v2moms[0]!.owner.name;
    await page.getByPlaceholder('Search title or owner...').fill(owner.toUpperCase());
    await expectTeamRows(page, (v) => found(v, owner));
    await expect(page).toHaveURL(/[?&]q=/);
    // Search by title.
    const searched = v2moms[1]!.title.slice(0, 12).toLowerCase();
    await page.getByPlaceholder('Search title or owner...').fill(searched);
    await expectTeamRows(page, (v) => found(v, searched));
    await page.getByPlaceholder('Search title or owner...').fill('');

    const department = v2moms[0]!.owner.department;
    await page.getByLabel('Department', { exact: true }).selectOption(department);
    await expectTeamRows(page, (v) => v.owner.department === department);
    await page.getByLabel('Department', { exact: true }).selectOption('');

    await page.getByLabel('Status', { exact: true }).selectOption('completed');
    await expectTeamRows(page, (v) => v.status === 'completed');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectTeamRows(page, (v) => v.status === 'completed');

    await page.getByPlaceholder('Search title or owner...').fill('no such V2MOM anywhere');
    await expect(rows).toHaveCount(0);
    await expect(page.getByText('No V2MOMs found matching your criteria')).toBeVisible();
  });

  test('at 360 px the table becomes stacked cards and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, 'viewer', '/team-v2moms');
    const row = page.getByTestId('team-v2mom-row').first();
    await expect(row).toBeVisible();
    await expect(row).toHaveCSS('display', 'block');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
