import type { ScreenBench } from './screen-visit.ts';

/**
 * The screens screens.bench.ts measures, each with what "data on screen" means for it and its
 * first input. Lists mark themselves `aria-busy` while they load, so "has rows" below means
 * rows of the loaded list.
 */
export const SCREEN_BENCHES: ScreenBench[] = [
  {
    name: 'Dashboard',
    path: '/dashboard',
    targetMs: 1_000,
    inputTargetMs: 100,
    // Both summary cards show their counts, Team Progress has rows and Key Metrics has cards.
    dataShown: `
      [...document.querySelectorAll('a[href="/items-list"]')].some((card) => /\\d+ of \\d+/.test(card.textContent || '')) &&
      [...document.querySelectorAll('a[href="/items-list"]')].some((card) => /\\d+ methods/.test(card.textContent || '')) &&
      document.querySelectorAll('table[aria-labelledby="team-progress-title"]:not([aria-busy]) tbody tr').length > 0 &&
      document.querySelectorAll('section[aria-labelledby="key-metrics-title"] ul:not([aria-busy]) > li').length > 0`,
    input: {
      name: 'choose a department in Team Progress',
      async act(page) {
        const table = page.locator('table[aria-labelledby="team-progress-title"]');
        const department = await table.locator('tbody tr').first().locator('td').first().locator('span').first().innerText();
        await page.getByLabel('Department', { exact: true }).selectOption(department);
        return department;
      },
      done: (department) =>
        [...document.querySelectorAll('table[aria-labelledby="team-progress-title"] tbody tr td:first-child span:first-child')].every(
          (cell) => cell.textContent === department,
        ),
    },
  },
];
