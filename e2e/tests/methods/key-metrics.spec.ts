import type { Page } from '@playwright/test';
import { quarterLabel, quarterMeasureField } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { pauseClock, runClockUntilVisible, SUITE_QUARTER } from '../../support/clock.ts';
import { DEMO_USERS, signInAs, type DemoUser } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { dropRequests, holdRequests, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const card = (page: Page, description: string) => page.getByRole('article', { name: description });

/** Who changed a card shows this long (docs/PRODUCT.md#key-metrics). */
const CHANGE_NOTE_MS = 6_000;

test('cards of COO-tracked methods with a measure: three measures, owner, View Details', async ({ page, request }) => {
  const token = uniqueTitle('Key metric').replace(/\s+/g, '-');
  const v2mom = await createV2mom(request, 'member', {
    title: `${token} plan`,
    methods: [
      {
        description: `${token} measured`,
        forCooTracking: true,
        measure: 'Net revenue retention',
        currentMeasure: '104%',
        [quarterMeasureField(SUITE_QUARTER)]: '106% this quarter',
      },
      { description: `${token} only current`, forCooTracking: true, currentMeasure: '12 deals', ownerId: null },
      { description: `${token} only measure`, forCooTracking: true, measure: 'Churn' },
      { description: `${token} no measure`, forCooTracking: true },
      { description: `${token} untracked`, measure: 'Not on key metrics' },
    ],
  });
  await signInAs(page, 'viewer', '/key-metrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Key Metrics' })).toBeVisible();

  const measured = card(page, `${token} measured`);
  await expect(measured.getByRole('definition')).toHaveText(['Net revenue retention', '106% this quarter', '104%']);
  await expect(measured.getByRole('term')).toHaveText(['Measure', `${quarterLabel(SUITE_QUARTER)} Measure`, 'Current']);
  await expect(measured).toContainText(`${token} plan · ${DEMO_USERS.member.name}`);
  const details = measured.getByRole('link', { name: 'View Details' });
  await expect(details).toHaveAttribute('href', `/method/${v2mom.methods[0]?.id}`);

  const onlyCurrent = card(page, `${token} only current`);
  await expect(onlyCurrent.getByRole('definition')).toHaveText(['No measure set', 'No measure set', '12 deals']);
  await expect(onlyCurrent).toContainText(`${token} plan · Unassigned`);
  await expect(card(page, `${token} only measure`).getByRole('definition')).toHaveText(['Churn', 'No measure set', 'Not measured']);

  await expect(card(page, `${token} no measure`)).toHaveCount(0);
  await expect(card(page, `${token} untracked`)).toHaveCount(0);
});

test('an owner’s change in another browser updates the card in place, the field highlighted with their name', async ({ browser, request }) => {
  const token = uniqueTitle('Live metric').replace(/\s+/g, '-');
  const v2mom = await createV2mom(request, 'lead', {
    title: `${token} plan`,
    methods: [{ description: `${token} method`, forCooTracking: true, measure: 'Pipeline coverage', currentMeasure: '2.1x' }],
  });
  const method = v2mom.methods[0];
  if (!method) throw new Error('no method');

  const coo = await openAs(browser, 'coo', '/key-metrics');
  const metric = card(coo.page, `${token} method`);
  await expect(metric.getByRole('definition').nth(2)).toHaveText('2.1x');
  await expect(metric.locator('[data-changed]')).toHaveCount(0);
  await markDocument(coo.page);

  const lead = await openAs(browser, 'lead', '/dashboard');
  // The view's clock stands still but for the steps the test runs: the note that says who changed
  // the card cannot go before the test sees it, and the test moves time on to see it go.
  await pauseClock(coo.page);
  const saved = await lead.page.request.put(`/api/methods/${method.id}`, { data: { currentMeasure: '3.4x', version: method.version } });
  expect(saved.status(), await saved.text()).toBe(200);

  // Who changed it is noted as the event arrives; the card takes the row at the next tick of the
  // page's clock, so the clock runs until both show.
  await runClockUntilVisible(coo.page, metric.getByRole('status'));
  await runClockUntilVisible(coo.page, metric.getByRole('definition').filter({ hasText: '3.4x' }));
  await expect(metric.getByRole('definition').nth(2)).toHaveText('3.4x');
  await expect(metric.getByRole('status')).toHaveText(`${DEMO_USERS.lead.name} updated the current measure · just now`);
  await expect(metric.locator('[data-changed]')).toHaveCount(1);
  await expect(metric.locator('[data-changed]')).toContainText('3.4x');
  await expectNotReloaded(coo.page);
  await coo.page.clock.fastForward(CHANGE_NOTE_MS);
  await expect(metric.getByRole('status')).toHaveCount(0);

  await coo.context.close();
  await lead.context.close();
});

test('loading is marked busy; a failed load offers a retry (the empty states: key-metrics-states.test.tsx)', async ({ page }) => {
  const release = await holdRequests(page, '/api/methods');
  await signInAs(page, 'member', '/key-metrics');
  await expect(page.getByRole('list', { name: 'Loading key metrics' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('list', { name: 'Key metrics' })).toBeVisible();

  const network = await dropRequests(page, '/api/methods');
  await page.reload();
  const error = page.getByRole('alert').filter({ hasText: "We couldn't load the key metrics." });
  await expect(error).toContainText('Could not reach the server. Check your connection and try again.');
  await network.retryWith(error.getByRole('button', { name: 'Try again' }));
  await expect(page.getByRole('list', { name: 'Key metrics' })).toBeVisible();
});

for (const user of ['admin', 'coo', 'lead', 'member', 'viewer'] as const satisfies readonly DemoUser[]) {
  test(`${user} can open Key Metrics`, async ({ page }) => {
    await signInAs(page, user, '/key-metrics');
    await expect(page).toHaveURL(/\/key-metrics$/);
    await expect(page.getByRole('list', { name: 'Key metrics' })).toBeVisible();
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations, ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signInAs(page, 'member', '/key-metrics');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('list', { name: 'Key metrics' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `key-metrics-${theme}`);
  });
}

test('on a phone the cards stack and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'member', '/key-metrics');
  await expect(page.getByRole('list', { name: 'Key metrics' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'key-metrics-phone');
});
