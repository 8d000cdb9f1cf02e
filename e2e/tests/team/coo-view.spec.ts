import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { QUARTERS, quarterLabel, type TQuarter } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { pauseClock, runClockUntilVisible, SUITE_QUARTER } from '../../support/clock.ts';
import { DEMO_USERS, signInAs } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { dropRequests, holdRequests, useTheme } from '../../support/screens.ts';
import { SCREENSHOT_DIR, saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, getV2mom, signInRequest, uniqueTitle, type SavedV2mom } from '../../support/v2mom-documents.ts';

const GOALS: Record<TQuarter, string> = { q1: 'Pilot in two regions', q2: 'Roll out to EMEA', q3: 'Half of accounts live', q4: 'Every account live' };

interface TrackedMethod {
  v2mom: SavedV2mom;
  id: number;
  description: string;
}

/** A V2MOM owned by `lead` with one COO-tracked method (goals for every quarter) and one untracked. */
async function trackedMethod(request: APIRequestContext, prefix: string): Promise<TrackedMethod> {
  const description = uniqueTitle(prefix);
  const v2mom = await createV2mom(request, 'lead', {
    title: uniqueTitle(`${prefix} V2MOM`),
    methods: [
      {
        description,
        forCooTracking: true,
        status: 'in_progress',
        progress: 45,
        measure: 'Accounts live',
        currentMeasure: '18 accounts',
        update: 'Kickoff done in two regions.',
      },
      { description: uniqueTitle('Untracked method'), status: 'in_progress', progress: 10 },
    ],
  });
  const method = v2mom.methods[0]!;
  await signInRequest(request, 'lead');
  await putMethod(request, method.id, { version: method.version, q1Goal: GOALS.q1, q2Goal: GOALS.q2, q3Goal: GOALS.q3, q4Goal: GOALS.q4 });
  return { v2mom, id: method.id, description };
}

async function putMethod(request: APIRequestContext, id: number, body: Record<string, unknown>): Promise<{ version: number }> {
  const response = await request.put(`/api/methods/${id}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { version: number };
}

const card = (page: Page, description: string): Locator => page.getByRole('article', { name: description });
const quarterButton = (page: Page, label: string) => page.getByRole('group', { name: 'Quarter' }).getByRole('button', { name: label, exact: true });
const presenting = (page: Page) => page.getByRole('dialog', { name: 'COO View, presenting' });

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

test.describe('COO View', () => {
  test('one card per COO-tracked method with the selected quarter’s goal; Q1 to Q4 by button and keys 1 to 4', async ({ page, request }) => {
    const method = await trackedMethod(request, 'COO card method');
    await signInAs(page, 'admin', '/coo-view');

    await expect(page.getByRole('heading', { level: 1, name: 'COO View' })).toBeVisible();
    for (const quarter of QUARTERS) {
      await expect(quarterButton(page, quarterLabel(quarter))).toHaveAttribute('aria-pressed', String(quarter === SUITE_QUARTER));
    }

    const shown = card(page, method.description);
    await expect(shown.getByText(`${quarterLabel(SUITE_QUARTER)} goal`).filter({ visible: true })).toBeVisible();
    await expect(shown.getByText(GOALS[SUITE_QUARTER]).filter({ visible: true })).toBeVisible();
    await expect(shown.getByText('In Progress', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(shown.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45');
    await expect(shown.getByText('45%').filter({ visible: true })).toBeVisible();
    await expect(shown.getByText('Accounts live').filter({ visible: true })).toBeVisible();
    await expect(shown.getByText('18 accounts').filter({ visible: true })).toBeVisible();
    await expect(shown.getByText(DEMO_USERS.lead.name).filter({ visible: true })).toBeVisible();
    await expect(shown.getByText('Kickoff done in two regions.').filter({ visible: true })).toBeVisible();
    await expect(shown.getByText(method.v2mom.title).filter({ visible: true })).toBeVisible();
    // Only COO-tracked methods have a card.
    await expect(page.getByRole('article', { name: method.v2mom.methods[1]!.description })).toHaveCount(0);

    await quarterButton(page, 'Q1').click();
    await expect(quarterButton(page, 'Q1')).toHaveAttribute('aria-pressed', 'true');
    await expect(shown.getByText('Q1 goal').filter({ visible: true })).toBeVisible();
    await expect(shown.getByText(GOALS.q1).filter({ visible: true })).toBeVisible();

    for (const [key, quarter] of [['3', 'q3'], ['4', 'q4'], ['2', 'q2'], ['1', 'q1']] as const) {
      await page.keyboard.press(key);
      await expect(quarterButton(page, quarter.toUpperCase())).toHaveAttribute('aria-pressed', 'true');
      await expect(shown.getByText(GOALS[quarter]).filter({ visible: true })).toBeVisible();
    }
    // The card holds every quarter's goal; only the selected one shows.
    await expect(shown.getByText(GOALS.q3)).toBeHidden();
  });

  test('a method without a goal for the quarter says so', async ({ page, request }) => {
    const description = uniqueTitle('COO goalless method');
    await createV2mom(request, 'lead', { title: uniqueTitle('Goalless V2MOM'), methods: [{ description, forCooTracking: true }] });
    await signInAs(page, 'coo', '/coo-view');
    await expect(card(page, description).getByText('No goal set').filter({ visible: true })).toBeVisible();
    await expect(card(page, description).getByText('No updates yet').filter({ visible: true })).toBeVisible();
  });

  for (const user of ['admin', 'coo'] as const) {
    test(`${user} (an admin) opens it`, async ({ page }) => {
      await signInAs(page, user, '/coo-view');
      await expect(page).toHaveURL(/\/coo-view$/);
      await expect(page.getByRole('heading', { level: 1, name: 'COO View' })).toBeVisible();
    });
  }

  for (const user of ['lead', 'member', 'viewer'] as const) {
    test(`${user} is sent to the dashboard`, async ({ page }) => {
      await signInAs(page, user, '/coo-view');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'COO View' })).toHaveCount(0);
    });
  }

  test('loading and error states (the empty state: coo-view-states.test.tsx)', async ({ page }) => {
    await signInAs(page, 'admin', '/dashboard');
    const release = await holdRequests(page, '/api/methods');
    await page.goto('/coo-view');
    await expect(page.getByTestId('coo-card-skeleton')).toHaveCount(3);
    release();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.unrouteAll();

    const network = await dropRequests(page, '/api/methods');
    await page.reload();
    const error = page.getByRole('alert').filter({ hasText: "We couldn't load the COO-tracked methods." });
    await expect(error).toBeVisible();
    await network.retryWith(error.getByRole('button', { name: 'Try again' }));
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('presenting mode by the button and by F, without the sidebar; Esc and F leave it', { tag: '@coo-view-presented' }, async ({ page }) => {
    await signInAs(page, 'admin', '/coo-view');
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.getByRole('button', { name: 'Present' }).click();
    await expect(presenting(page)).toBeVisible();
    await expect(presenting(page).getByRole('heading', { level: 1, name: 'COO View' })).toBeVisible();
    await expect(presenting(page).getByRole('article').first()).toBeVisible();
    // The frame covers the whole window, the sidebar's place included.
    const covered = await page.evaluate(() =>
      [
        [10, 10],
        [120, 400],
        [window.innerWidth - 10, window.innerHeight - 10],
      ].every(([x, y]) => document.elementFromPoint(x!, y!)?.closest('dialog[open]') !== null),
    );
    expect(covered).toBe(true);
    // Quarter keys still work while presenting.
    await page.keyboard.press('1');
    await expect(quarterButton(page, 'Q1')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(presenting(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Present' })).toBeFocused();

    await page.keyboard.press('f');
    await expect(presenting(page)).toBeVisible();
    await page.keyboard.press('f');
    await expect(presenting(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Present' }).click();
    await expect(presenting(page)).toBeVisible();
    await presenting(page).getByRole('button', { name: 'Exit presenting' }).click();
    await expect(presenting(page)).toHaveCount(0);
  });

  test('live: an owner changes a goal and a status while the view is presented; the card and the change panel show it', { tag: '@coo-view-presented' }, async ({ browser, request }) => {
    const method = await trackedMethod(request, 'COO live method');
    const quarter = quarterLabel(SUITE_QUARTER);

    const coo = await openAs(browser, 'coo', '/coo-view');
    await coo.page.setViewportSize({ width: 1920, height: 1080 });
    await coo.page.getByRole('button', { name: 'Present' }).click();
    const frame = presenting(coo.page);
    const shown = frame.getByRole('article', { name: method.description });
    await expect(shown.getByText(GOALS[SUITE_QUARTER]).filter({ visible: true })).toBeVisible();
    await expect(frame.getByRole('heading', { name: /Changes during this meeting/ })).toBeVisible();
    await markDocument(coo.page);

    const lead = await openAs(browser, 'lead', '/dashboard');
    const { version } = (await getV2mom(lead.page.request, method.v2mom.id)).methods.find((row) => row.id === method.id)!;
    const newGoal = uniqueTitle('Every region live');
    // Who changed a card shows for 6 s of the view's time (docs/PRODUCT.md#coo-view): its clock
    // stands still but for the steps the test runs, so a slow machine cannot miss the note.
    await pauseClock(coo.page);
    const afterGoal = await putMethod(lead.page.request, method.id, { version, [`${SUITE_QUARTER}Goal`]: newGoal });
    await runClockUntilVisible(coo.page, shown.getByText(`${DEMO_USERS.lead.name} updated the ${quarter} goal · just now`).filter({ visible: true }));
    await runClockUntilVisible(coo.page, shown.getByText(newGoal).filter({ visible: true }));

    await putMethod(lead.page.request, method.id, { version: afterGoal.version, status: 'at_risk' });
    await runClockUntilVisible(coo.page, shown.getByText(`${DEMO_USERS.lead.name} updated the status · just now`).filter({ visible: true }));
    await runClockUntilVisible(coo.page, shown.getByText('At Risk', { exact: true }).filter({ visible: true }));
    await coo.page.clock.resume();

    const panel = frame.getByRole('region', { name: /Changes during this meeting/ });
    const entries = panel.getByRole('button').filter({ hasText: method.description });
    await expect(entries).toHaveCount(2);
    // Newest first, each with who, what, old -> new.
    await expect(entries.nth(0)).toContainText(DEMO_USERS.lead.name);
    await expect(entries.nth(0)).toContainText(/status: In Progress\s*→\s*to\s*At Risk/);
    await expect(entries.nth(1)).toContainText(new RegExp(`${quarter} goal: ${GOALS[SUITE_QUARTER]}\\s*→\\s*to\\s*${newGoal}`));
    await expectNotReloaded(coo.page);
    await shown.scrollIntoViewIfNeeded();
    await coo.page.screenshot({ path: `${SCREENSHOT_DIR}coo-view-presenting-live.png` });

    await entries.nth(1).click();
    await expect(shown).toBeFocused();
    await expect(shown).toBeInViewport();
    await expect(frame).toBeVisible();

    await coo.context.close();
    await lead.context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe and screenshots in the ${theme} theme, normal and presenting`, { tag: '@coo-view-presented' }, async ({ page, request }) => {
      test.slow(); // two axe runs over every card
      const method = await trackedMethod(request, `COO ${theme} method`);
      await useTheme(page, theme);
      await signInAs(page, 'admin', '/coo-view');
      await expectTheme(page, theme);
      await expect(card(page, method.description)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `coo-view-${theme}`);

      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.getByRole('button', { name: 'Present' }).click();
      await expect(presenting(page).getByRole('article', { name: method.description })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}coo-view-presenting-${theme}.png` });
    });
  }

  test('at 1440 px a card shows its whole title, labels and measures, and names its progress and goal', async ({ page, request }) => {
    const description = uniqueTitle('Bring every EMEA customer live within thirty days');
    const v2mom = await createV2mom(request, 'lead', {
      title: uniqueTitle('Wide card V2MOM'),
      methods: [
        {
          description,
          forCooTracking: true,
          status: 'in_progress',
          progress: 45,
          measure: 'Median days from signed contract to go-live',
          currentMeasure: '41 days, down from 52 last quarter',
          update: 'Kickoff done in two regions.',
        },
      ],
    });
    await signInRequest(request, 'lead');
    await putMethod(request, v2mom.methods[0]!.id, { version: v2mom.methods[0]!.version, [`${SUITE_QUARTER}Goal`]: 'Half of EMEA accounts live' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin', '/coo-view');
    const shown = card(page, description);
    await expect(shown.getByText('Half of EMEA accounts live')).toBeVisible();

    // Whatever the card sets in a line, or clamps to a few, holds all of its text.
    const texts = shown.locator('h2, dt, dd').filter({ visible: true });
    expect(await texts.count()).toBeGreaterThanOrEqual(11);
    const clipped = await texts.evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1)
        .map((element) => element.textContent),
    );
    expect(clipped).toEqual([]);
    await expect(shown.getByRole('heading', { name: description })).toHaveAttribute('title', description);
    await expect(shown.getByText('Median days from signed contract to go-live')).toBeVisible();
    await expect(shown.getByText('41 days, down from 52 last quarter')).toBeVisible();

    // Each figure says what it is.
    await expect(shown.getByText(`${quarterLabel(SUITE_QUARTER)} goal`, { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(shown.getByText('Progress', { exact: true })).toBeVisible();
    await expect(shown.getByText('Current measure', { exact: true })).toBeVisible();
  });

  test('phone layout', async ({ page, request }) => {
    test.slow();
    const method = await trackedMethod(request, 'COO phone method');
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin', '/coo-view');
    await expect(card(page, method.description)).toBeVisible();
    await expect(quarterButton(page, 'Q4')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'coo-view-phone');
  });
});
