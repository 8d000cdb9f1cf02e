import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS, signInAs, type DemoUser } from '../../support/demo.ts';
import { dropRequests, holdRequests, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const LONG_METHOD = 'Rebuild the partner onboarding journey end to end for every region we sell in';

/** A V2MOM of the member's whose rows the tests find by a token no other spec uses. */
async function seedItems(request: Parameters<typeof createV2mom>[0]) {
  const token = uniqueTitle('Items').replace(/\s+/g, '-');
  const v2mom = await createV2mom(request, 'member', {
    title: `${token} plan`,
    methods: [
      { description: `${token} Bravo method`, status: 'in_progress', progress: 50, measure: 'Bravo main', currentMeasure: 'Bravo now', q1Measure: 'Bravo Q1' },
      { description: `${token} Alpha method`, status: 'at_risk', progress: 10, ownerId: null },
      { description: `${token} Charlie ${LONG_METHOD}`, status: 'completed', progress: 100, measure: 'Charlie main' },
    ],
    obstacles: [
      { description: `${token} linked obstacle`, linkedMethodPositions: [2, 0] },
      { description: `${token} long-linked obstacle`, linkedMethodPositions: [2] },
      { description: `${token} lonely obstacle`, ownerId: null },
    ],
  });
  return { token, v2mom };
}

async function filterBy(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Filter' }).fill(text);
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
const bodyRows = (page: Page, name: string) => table(page, name).getByRole('rowgroup').nth(1).getByRole('row');

test('the five tabs with their columns, links, truncation and empty texts; the tab is in the URL', async ({ page, request }) => {
  const { token, v2mom } = await seedItems(request);
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await signInAs(page, 'member', '/items-list');

  await expect(page.getByRole('heading', { level: 1, name: 'Items List' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Items' }).getByRole('tab');
  await expect(tabs).toHaveText([/^All Items/, /^Methods/, /^Obstacles/, /^Team Obstacles/, /^Measures/]);
  await expect(page.getByRole('tab', { name: 'All Items' })).toHaveAttribute('aria-selected', 'true');
  await filterBy(page, token);

  // All Items: methods and obstacles together, a page at a time: no list of every V2MOM is read.
  await expect(bodyRows(page, 'All Items')).toHaveCount(6);
  expect(asked).toContain('/api/items');
  expect(asked.filter((path) => path.startsWith('/api/v2moms'))).toEqual([]);

  // Methods.
  await page.getByRole('tab', { name: 'Methods' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}&tab=methods$`));
  const methods = table(page, 'Methods');
  await expect(methods.getByRole('columnheader')).toHaveText([/Description/, /V2MOM/, /Owner/, /Status/, /Progress/]);
  const alpha = methods.getByRole('row', { name: new RegExp(`${token} Alpha method`) });
  await expect(alpha.getByRole('cell').nth(2)).toHaveText('Unassigned');
  await expect(alpha.getByText('At Risk')).toBeVisible();
  await expect(alpha.getByText('10%')).toBeVisible();
  await expect(alpha.getByRole('link', { name: `${token} plan` })).toHaveAttribute('href', `/v2mom/${v2mom.id}`);
  const bravo = methods.getByRole('row', { name: new RegExp(`${token} Bravo method`) });
  await expect(bravo.getByRole('cell').nth(2)).toHaveText(DEMO_USERS.member.name);

  // Obstacles: related methods cut at 20 characters, or None.
  await page.getByRole('tab', { name: 'Obstacles', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}&tab=obstacles$`));
  const obstacles = table(page, 'Obstacles');
  await expect(obstacles.getByRole('columnheader')).toHaveText([/Description/, /V2MOM/, /Owner/, /Related Methods/]);
  const linked = obstacles.getByRole('row', { name: new RegExp(`${token} linked obstacle`) });
  await expect(linked.getByText(`${`${token} Charlie ${LONG_METHOD}`.slice(0, 20)}...`)).toBeVisible();
  await expect(linked.getByText(`${`${token} Bravo method`.slice(0, 20)}...`)).toBeVisible();
  const lonely = obstacles.getByRole('row', { name: new RegExp(`${token} lonely obstacle`) });
  await expect(lonely.getByRole('cell').nth(2)).toHaveText('Unassigned');
  await expect(lonely.getByRole('cell').nth(3)).toHaveText('None');

  // Team Obstacles: only the first linked method, cut at 50 characters.
  await page.getByRole('tab', { name: 'Team Obstacles' }).click();
  const teamObstacles = table(page, 'Team Obstacles');
  await expect(teamObstacles.getByRole('columnheader')).toHaveText([/Description/, /Linked Method/, /Owner/]);
  const charlie = v2mom.methods[2];
  const methodLink = teamObstacles.getByRole('row', { name: new RegExp(`${token} long-linked obstacle`) }).getByRole('link');
  await expect(teamObstacles.getByRole('row', { name: new RegExp(`${token} linked obstacle`) }).getByRole('link')).toHaveCount(1);
  await expect(methodLink).toHaveText(`${`${token} Charlie ${LONG_METHOD}`.slice(0, 50)}...`);
  await expect(methodLink).toHaveAttribute('href', `/method/${charlie?.id}`);
  await expect(teamObstacles.getByRole('row', { name: new RegExp(`${token} lonely obstacle`) })).toContainText('No linked method');

  // Measures: only methods with a measure.
  await page.getByRole('tab', { name: 'Measures' }).click();
  const measures = table(page, 'Measures');
  await expect(measures.getByRole('columnheader')).toHaveText([
    /Main Measure/,
    /Method/,
    /Current Measure/,
    /Q1 Measure/,
    /Q2 Measure/,
    /Q3 Measure/,
    /Q4 Measure/,
    /V2MOM/,
  ]);
  await expect(bodyRows(page, 'Measures')).toHaveCount(2);
  await expect(measures.getByRole('row', { name: /Bravo main/ }).getByRole('cell').nth(3)).toHaveText('Bravo Q1');

  // The tab survives a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Measures' })).toHaveAttribute('aria-selected', 'true');

  // Empty texts, per tab.
  await filterBy(page, `${token} nothing matches this`);
  await expect(measures).toContainText('No measures found.');
  await page.getByRole('tab', { name: 'Methods' }).click();
  await expect(table(page, 'Methods')).toContainText('No methods found.');
  await page.getByRole('tab', { name: 'Obstacles', exact: true }).click();
  await expect(table(page, 'Obstacles')).toContainText('No obstacles found.');
});

test('columns sort by their header, with aria-sort, by mouse and keyboard; the filter narrows as one types', async ({ page, request }) => {
  const { token } = await seedItems(request);
  await signInAs(page, 'admin', '/items-list?tab=methods');
  const methods = table(page, 'Methods');
  await expect(methods).not.toHaveAttribute('aria-busy', 'true');

  await page.getByRole('searchbox', { name: 'Filter' }).pressSequentially(token);
  await expect(bodyRows(page, 'Methods')).toHaveCount(3);
  await filterBy(page, `${token} alpha`);
  await expect(bodyRows(page, 'Methods')).toHaveCount(1);
  await filterBy(page, token);
  await expect(bodyRows(page, 'Methods')).toHaveCount(3);

  const description = methods.getByRole('columnheader', { name: /Description/ });
  await expect(description).toHaveAttribute('aria-sort', 'none');
  await description.getByRole('button').click();
  await expect(description).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page, 'Methods').getByRole('cell').first()).toHaveText(`${token} Alpha method`);
  await expect(bodyRows(page, 'Methods').first()).toContainText('Alpha');
  await expect(bodyRows(page, 'Methods').nth(1)).toContainText('Bravo');
  await expect(bodyRows(page, 'Methods').nth(2)).toContainText('Charlie');

  await description.getByRole('button').press('Enter');
  await expect(description).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page, 'Methods').first()).toContainText('Charlie');

  const progress = methods.getByRole('columnheader', { name: /Progress/ });
  await progress.getByRole('button').focus();
  await page.keyboard.press('Space');
  await expect(progress).toHaveAttribute('aria-sort', 'ascending');
  await expect(description).toHaveAttribute('aria-sort', 'none');
  await expect(bodyRows(page, 'Methods').first()).toContainText('10%');
  await expect(bodyRows(page, 'Methods').nth(2)).toContainText('100%');
});

test('loading is marked busy, a failed load offers a retry', async ({ page }) => {
  const release = await holdRequests(page, '/api/items');
  await signInAs(page, 'member', '/items-list');
  const all = table(page, 'All Items');
  await expect(all).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(all).not.toHaveAttribute('aria-busy', 'true');
  await expect(bodyRows(page, 'All Items').first()).toBeVisible();

  await page.unrouteAll({ behavior: 'wait' });

  const network = await dropRequests(page, '/api/items');
  await page.reload();
  const error = page.getByRole('alert').filter({ hasText: "We couldn't load the items." });
  await expect(error).toContainText('Could not reach the server. Check your connection and try again.');
  await network.retryWith(error.getByRole('button', { name: 'Try again' }));
  await expect(all).not.toHaveAttribute('aria-busy', 'true');
  await expect(bodyRows(page, 'All Items').first()).toBeVisible();
  await expect(error).toHaveCount(0);
});

/** More rows than the table shows at once (it windows above 80), well under a V2MOM's 200 methods. */
const LONG_TABLE_ROWS = 150;
const number = (n: number) => String(n).padStart(3, '0');

/**
 * Real rows: one V2MOM with 150 methods, found by a token no other spec uses, opened on the
 * Methods tab and filtered by it. The filter keeps the count exact whatever other specs create;
 * 2,000 rows on the large organisation are the screens benchmark's.
 */
async function openLongTable(page: Page, request: Parameters<typeof createV2mom>[0], prefix: string) {
  const token = uniqueTitle(prefix).replace(/\s+/g, '-');
  await createV2mom(request, 'member', {
    title: `${token} plan`,
    methods: Array.from({ length: LONG_TABLE_ROWS }, (_, i) => ({ description: `${token} row-${number(i + 1)}` })),
  });
  await signInAs(page, 'member', '/items-list?tab=methods');
  const methods = table(page, 'Methods');
  await expect(methods).not.toHaveAttribute('aria-busy', 'true');
  await filterBy(page, token);
  await expect(bodyRows(page, 'Methods').first()).toContainText(token);
  return { token, methods };
}

/** Scrolls to the table's end until its last row is there: the server's pages come as the end nears. */
async function scrollToLastRow(page: Page, methods: ReturnType<typeof table>) {
  const last = methods.locator(`[aria-rowindex="${LONG_TABLE_ROWS + 1}"]`);
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(methods).toHaveAttribute('aria-rowcount', String(LONG_TABLE_ROWS + 1));
  return last;
}

test('a long table keeps only the rows near the viewport; scrolling brings the server\'s next pages, sorting and filtering see every row', async ({ page, request }) => {
  const { token, methods } = await openLongTable(page, request, 'Long');
  await expect(bodyRows(page, 'Methods').first()).toBeVisible();
  expect(await bodyRows(page, 'Methods').count()).toBeLessThan(LONG_TABLE_ROWS / 2);

  // Sorted descending, the first rows are no longer in the page and the last one comes on scrolling.
  const description = methods.getByRole('columnheader', { name: /Description/ });
  await description.getByRole('button').click();
  await description.getByRole('button').click();
  await expect(description).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page, 'Methods').first()).toContainText(`${token} row-${number(LONG_TABLE_ROWS)}`);
  await expect(methods.getByRole('row', { name: new RegExp(`${token} row-001`) })).toHaveCount(0);
  const last = await scrollToLastRow(page, methods);
  await expect(last).toContainText(`${token} row-001`);
  expect(await bodyRows(page, 'Methods').count()).toBeLessThan(LONG_TABLE_ROWS / 2);

  // The filter sees rows that were not in the page: row-001 to row-009, under the window's threshold.
  await filterBy(page, `${token} row-00`);
  await expect(methods).not.toHaveAttribute('aria-rowcount');
  await expect(bodyRows(page, 'Methods')).toHaveCount(9);
  await expect(bodyRows(page, 'Methods').first()).toContainText(`${token} row-009`);
});

test('on a phone a long table of cards keeps only the cards near the viewport; scrolling brings the rest', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token, methods } = await openLongTable(page, request, 'Cards');
  await expect(bodyRows(page, 'Methods').first()).toContainText(`${token} row-001`);
  expect(await bodyRows(page, 'Methods').count()).toBeLessThan(LONG_TABLE_ROWS / 2);

  const last = await scrollToLastRow(page, methods);
  await expect(last).toContainText(`${token} row-${number(LONG_TABLE_ROWS)}`);
  await expect(methods.getByRole('row', { name: new RegExp(`${token} row-001`) })).toHaveCount(0);
  expect(await bodyRows(page, 'Methods').count()).toBeLessThan(LONG_TABLE_ROWS / 2);
});

for (const user of ['admin', 'coo', 'lead', 'member', 'viewer'] as const satisfies readonly DemoUser[]) {
  test(`${user} can open the Items List`, async ({ page }) => {
    await signInAs(page, user, '/items-list?tab=obstacles');
    await expect(page).toHaveURL(/\/items-list\?tab=obstacles$/);
    await expect(page.getByRole('tab', { name: 'Obstacles', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(table(page, 'Obstacles')).not.toHaveAttribute('aria-busy', 'true');
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations, ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signInAs(page, 'member', '/items-list?tab=methods');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(bodyRows(page, 'Methods').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `items-list-${theme}`);
  });
}

test('on a phone the rows become cards, sort from a select, and nothing scrolls sideways', async ({ page, request }) => {
  const { token } = await seedItems(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'member', '/items-list?tab=methods');
  await expect(bodyRows(page, 'Methods').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'items-list-phone');

  await filterBy(page, token);
  await expect(bodyRows(page, 'Methods')).toHaveCount(3);
  await page.getByLabel('Sort by').selectOption({ label: 'Progress (descending)' });
  await expect(table(page, 'Methods').getByRole('columnheader', { name: /Progress/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page, 'Methods').first()).toContainText('100%');
  await expect(bodyRows(page, 'Methods').nth(2)).toContainText('10%');
});
