import { asOfDays, lastFinishedQuarter, stepDay } from '@v2mom/contracts';
import type { ScreenBench } from './screen-visit.ts';

/**
 * The screens screens.bench.ts measures, each with what "data on screen" means for it and its
 * first input. Lists mark themselves `aria-busy` while they load, so "has rows" below means
 * rows of the loaded list. Targets: docs/PERFORMANCE.md (the dashboard and a method's detail
 * 1 s, the other screens 1.5 s, an input 100 ms).
 */
const SCREEN_TARGET_MS = 1_500;
const INPUT_TARGET_MS = 100;
/** The quarter that ended last (the demo's rhythm is on UTC), which the large organisation has reviewed. */
const PAST_QUARTER = lastFinishedQuarter(new Date(), 'UTC').quarter;
/** Four weeks ago, or the fiscal year's first day when that is nearer (docs/PRODUCT.md#as-of). */
const PAST_DAY = (() => {
  const { first, last } = asOfDays(new Date(), 'UTC');
  return stepDay(last, -4, { first, last });
})();

export const SCREEN_BENCHES: ScreenBench[] = [
  {
    name: 'Dashboard',
    path: '/dashboard',
    targetMs: 1_000,
    // Both summary cards show their counts, Team Progress has rows and Key Metrics has cards.
    dataShown: `
      [...document.querySelectorAll('a[href="/items-list"]')].some((card) => /\\d+ of \\d+/.test(card.textContent || '')) &&
      [...document.querySelectorAll('a[href="/items-list"]')].some((card) => /\\d+ methods/.test(card.textContent || '')) &&
      document.querySelectorAll('table[aria-label="Team Progress"]:not([aria-busy]) tbody tr').length > 0 &&
      document.querySelectorAll('section[aria-labelledby="key-metrics-title"] ul:not([aria-busy]) > li').length > 0`,
    input: {
      name: 'choose a department in Team Progress',
      targetMs: INPUT_TARGET_MS,
      async act(page) {
        const table = page.locator('table[aria-label="Team Progress"]');
        const department = await table.locator('tbody tr').first().locator('td').nth(1).innerText();
        await page.getByLabel('Department', { exact: true }).selectOption(department);
        return department;
      },
      done: (department) =>
        [...document.querySelectorAll('table[aria-label="Team Progress"] tbody tr td:nth-child(2)')].every(
          (cell) => cell.textContent === department,
        ),
    },
  },
  {
    name: 'Tasks',
    path: '/tasks',
    targetMs: SCREEN_TARGET_MS,
    dataShown: `document.querySelectorAll('section[aria-label="Task list"]:not([aria-busy]) article').length > 0`,
    input: {
      name: 'tick one status in Filter by Status',
      targetMs: INPUT_TARGET_MS,
      prepare: (page) => page.getByRole('button', { name: 'Filter by Status' }).click(),
      async act(page) {
        await page.getByRole('checkbox', { name: 'At Risk' }).check();
        return 'At Risk';
      },
      done: (status) => {
        const cards = [...document.querySelectorAll('section[aria-label="Task list"] article')];
        return cards.length > 0 && cards.every((card) => (card.textContent || '').includes(status));
      },
    },
  },
  {
    name: 'Team Status',
    path: '/team-status',
    targetMs: SCREEN_TARGET_MS,
    dataShown: `!!document.querySelector('#team-status-overview') && !document.querySelector('main [aria-busy]')`,
    input: {
      name: 'choose another department',
      targetMs: INPUT_TARGET_MS,
      async act(page) {
        const select = page.getByLabel('Department', { exact: true });
        const current = await select.inputValue();
        const other = (await select.locator('option').allInnerTexts()).find((name) => name !== current)!;
        await select.selectOption(other);
        return `${other} Overview`;
      },
      done: (heading) => document.querySelector('#team-status-overview')?.textContent === heading,
    },
  },
  {
    name: 'Items List',
    path: '/items-list',
    targetMs: SCREEN_TARGET_MS,
    dataShown: `document.querySelectorAll('table[aria-label="All Items"]:not([aria-busy]) tbody tr').length > 0`,
    input: {
      name: 'switch to the Methods tab',
      targetMs: INPUT_TARGET_MS,
      async act(page) {
        await page.getByRole('tab', { name: /^Methods/ }).click();
        return 'Methods';
      },
      done: (label) => document.querySelectorAll(`table[aria-label="${label}"] tbody tr`).length > 0,
    },
  },
  {
    name: 'Items List filter',
    path: '/items-list',
    targetMs: SCREEN_TARGET_MS,
    dataShown: `document.querySelectorAll('table[aria-label="All Items"]:not([aria-busy]) tbody tr').length > 0`,
    input: {
      name: 'type a word in Filter',
      targetMs: INPUT_TARGET_MS,
      async act(page) {
        // One keystroke's worth: the whole word arrives as one input event.
        await page.getByLabel('Filter', { exact: true }).fill('Method 1234');
        return 'Method 1234';
      },
      // The filter keeps rows holding every word typed, in any case.
      done: (typed) => {
        const rows = [...document.querySelectorAll('table[aria-label="All Items"] tbody tr')];
        const words = typed.toLowerCase().split(' ');
        return rows.length > 0 && rows.every((row) => words.every((word) => (row.textContent || '').toLowerCase().includes(word)));
      },
    },
  },
  {
    name: 'Team Obstacles',
    path: '/team-obstacles',
    targetMs: SCREEN_TARGET_MS,
    dataShown: `document.querySelectorAll('table[aria-label="Team obstacles"]:not([aria-busy]) tbody tr').length > 0`,
  },
  {
    name: 'Key Metrics',
    path: '/key-metrics',
    targetMs: SCREEN_TARGET_MS,
    // The cards with their trend lines, which come from a call of their own.
    dataShown: `!!document.querySelector('[aria-label="Key metrics"] [data-testid="key-metric-card"] svg[role="img"]')`,
  },
  {
    name: 'COO View',
    path: '/coo-view',
    targetMs: SCREEN_TARGET_MS,
    dataShown: `!!document.querySelector('[aria-label="COO-tracked methods"] article svg[role="img"]')`,
    input: {
      name: 'press 3 for the Q3 goals',
      targetMs: INPUT_TARGET_MS,
      async act(page) {
        await page.keyboard.press('3');
        return 'q3';
      },
      // Every card holds the four goals; the selected quarter's is the one shown on the cards the
      // browser renders (those near the viewport: asking about the others would render them).
      done: (quarter) =>
        [...document.querySelectorAll('[aria-label="COO-tracked methods"] article')]
          .filter((card) => card.checkVisibility({ contentVisibilityAuto: true }))
          .every((card) => card.querySelector(`[data-goal-quarter="${quarter}"]`)?.checkVisibility()),
    },
  },
  {
    // Opened on the quarter that ended last: every card as it ended, with its review or Not reviewed.
    name: 'COO View past quarter',
    path: `/coo-view?quarter=${PAST_QUARTER}`,
    targetMs: SCREEN_TARGET_MS,
    dataShown: `(() => {
      const cards = [...document.querySelectorAll('[aria-label="COO-tracked methods"] article')];
      return cards.length > 0 && cards.every((card) => (card.textContent || '').includes('as it ended'));
    })()`,
  },
  {
    // Opened as of a past day: every card with that day's values, rebuilt from the check-ins.
    name: 'COO View as of a past day',
    path: `/coo-view?asOf=${PAST_DAY}`,
    targetMs: SCREEN_TARGET_MS,
    dataShown: `document.querySelectorAll('[aria-label="COO-tracked methods"] article').length > 0 &&
      [...document.querySelectorAll('[role="status"]')].some((banner) => (banner.textContent || '').startsWith('As of'))`,
  },
  {
    // The large organisation's last method: one of its own, with a year of weekly check-ins.
    name: 'Method detail',
    path: '/method/2000',
    targetMs: 1_000,
    dataShown: `!!document.querySelector('[data-testid="progress-chart"] svg circle')`,
  },
];
