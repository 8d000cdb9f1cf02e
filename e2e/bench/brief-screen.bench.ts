import { fileURLToPath } from 'node:url';
import { PATHS } from '@v2mom/contracts';
import type { Page } from '@playwright/test';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { describeMachine, latencySummary, loadAverage, signedInContext, startBenchApp } from './bench-support.ts';

/**
 * `npm run bench:brief -w e2e` (part of `make bench`): how soon the meeting brief's first words
 * are on the COO View after it is opened, written by the built-in analyst on the large
 * organisation (target: p95 under 1 s, see docs/PERFORMANCE.md, "The meeting brief").
 *
 * Chromium signed in as admin opens the COO View in a new tab each run (the browser's cache warm,
 * as for someone who opens it before each meeting). The figure is the page's own clock from the
 * navigation's start to the frame after the brief's panel holds its first words, so it holds the
 * page's load, the live socket's connection, the facts' statements and the first delta.
 * BENCH_RUNS sets the timed opens (20), BENCH_WARMUP the untimed ones before them (2);
 * BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH as in bench-support.ts.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const TARGET_P95_MS = 1_000;
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/brief-screen.json', import.meta.url));
/** The built-in analyst's brief begins with these words. */
const FIRST_WORDS = 'Brief for the COO meeting';

type BenchWindow = Window & { __briefShownAt?: number };

/**
 * Installed before the app's scripts (plain JavaScript in a string: the page's CSP forbids
 * evaluating strings later): a MutationObserver waits for the brief's panel to hold its first
 * words; the mark is the frame after that, on the page's clock (0 is the navigation's start).
 */
const recordFirstWords = `
  const observer = new MutationObserver(() => {
    const panel = document.querySelector('section[aria-labelledby$="-title"]');
    if (!panel || !panel.textContent.includes(${JSON.stringify(FIRST_WORDS)})) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__briefShownAt = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

async function timeOpen(page: Page): Promise<number> {
  await page.goto(PATHS.cooView);
  await page.waitForFunction(() => (window as unknown as BenchWindow).__briefShownAt !== undefined, undefined, { timeout: 30_000 });
  const shownAt = await page.evaluate(() => (window as unknown as BenchWindow).__briefShownAt ?? Number.NaN);
  // The whole brief, so the next open does not overlap this one's reply.
  await page.getByRole('region', { name: 'Meeting brief' }).locator('[aria-busy="false"]').waitFor({ timeout: 30_000 });
  await page.close();
  return shownAt;
}

async function main() {
  // The built-in analyst: the server inherits this process's environment.
  delete process.env.OPENAI_API_KEY;
  const app = await startBenchApp((orm) => seedLargeOrganisation(orm, LARGE_ORGANISATION));
  try {
    console.log('Dataset:', app.grown);
    const context = await signedInContext(app, 'admin');
    await context.addInitScript(recordFirstWords);
    for (let run = 0; run < WARMUP; run++) await timeOpen(await context.newPage());
    const loadBefore = loadAverage();
    const figures: number[] = [];
    for (let run = 0; run < RUNS; run++) figures.push(Math.round(await timeOpen(await context.newPage())));
    const loadAfter = loadAverage();

    const summary = { runs: figures.length, ...latencySummary(figures) };
    const machine = describeMachine(app.browser);
    console.log(`\nMachine: ${machine}\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
    console.log('| opens | COO View opened -> brief’s first words on screen p50 / p95 / max ms |');
    console.log('|---:|---:|');
    console.log(`| ${summary.runs} | ${summary.p50} / ${summary.p95} / ${summary.max} |`);
    writeBenchResults(OUT, {
      bench: 'brief-screen',
      title: `The meeting brief's first words on the COO View, by the built-in analyst, ${summary.runs} opens`,
      figures: [
        below('COO View opened -> brief’s first words on screen, p95', summary.p95, 'ms', TARGET_P95_MS),
        reported('COO View opened -> brief’s first words on screen, p50', summary.p50, 'ms'),
      ],
      machine,
      loadBefore,
      loadAfter,
      dataset: app.grown,
      targetP95Ms: TARGET_P95_MS,
      summary,
      opens: figures,
    });
    console.log(`First words p95: ${summary.p95} ms — target ${TARGET_P95_MS} ms ${summary.p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
  }
}

await main();
