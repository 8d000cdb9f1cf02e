import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { machineSpeedMs } from '../../backend/bench/machine-speed.ts';
import { createV2mom, uniqueTitle } from '../support/v2mom-documents.ts';
import { benchEnv, describeMachine, loadAverage, median, percentile, signedInContext, startBenchApp } from './bench-support.ts';

/**
 * `make bench-follow`: how soon the presenter's action reaches every follower's screen
 * (docs/PRODUCT.md#following-the-presenter; target p95 under 150 ms with 30 followers).
 *
 * Two servers sharing PostgreSQL and Redis, as two replicas are: `coo` presents the COO View on
 * the second; BENCH_FOLLOWERS (30) pages of `admin` on the first have it open and follow. Each
 * run the presenter picks another quarter; the figure runs from that click in the presenter's page
 * to the last follower's quarter button turning pressed in its DOM (a MutationObserver, no
 * polling), and to the state reaching the last follower's socket (its WebSocket's message, before
 * the app reads it). All pages run in one Chromium, so their clocks agree. BENCH_RUNS sets the number of
 * actions, REDIS_URL the Redis (redis://127.0.0.1:6379 by default).
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/follow.json', import.meta.url));
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 30);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_P95_MS = 150;
const QUARTER_LABELS = ['Q1', 'Q2', 'Q3', 'Q4'];

/** Installed before the app's scripts: `__watchPressed(label)` sets `__seen` to when that quarter shows pressed; `__press(label)` clicks it in the presenting frame and answers when. Plain JavaScript (see save-to-screen.ts). */
const FOLLOW_HELPERS = `
  const clock = () => performance.timeOrigin + performance.now();
  // When the presenter's state reached the page's socket, before any of the app's code ran on it.
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && event.data.includes('presentation:changed')) window.__arrived = clock();
      });
    }
  };
  const quarterButtons = (scope) => [...document.querySelectorAll(scope + ' [role="group"][aria-label="Quarter"] button')];
  window.__watchPressed = (label) => {
    window.__seen = new Promise((resolve) => {
      const shown = () => quarterButtons('').some((button) => button.textContent.trim() === label && button.getAttribute('aria-pressed') === 'true');
      if (shown()) return resolve(clock());
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        resolve(clock());
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-pressed'] });
    });
  };
  window.__press = (label) => {
    const button = quarterButtons('dialog[open]').find((candidate) => candidate.textContent.trim() === label);
    const at = clock();
    button.click();
    return at;
  };
`;

interface Helpers {
  __watchPressed(label: string): void;
  __seen: Promise<number>;
  __arrived: number;
  __press(label: string): number;
}

async function main() {
  const app = await startBenchApp(async () => ({}), { REDIS_URL, REDIS_PREFIX: `v2mom-bench-follow-${randomBytes(4).toString('hex')}` });
  try {
    const presenterServer = await app.another();
    const admin = await signedInContext(app, 'admin');
    const description = uniqueTitle('Followed bench method');
    await createV2mom(admin.request, 'lead', { title: uniqueTitle('Follow bench'), methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 40 }] });

    const coo = await (await signedInContext(app, 'coo', presenterServer)).newPage();
    await coo.addInitScript(FOLLOW_HELPERS);
    await coo.goto('/coo-view');
    await coo.locator('[data-live="online"]').waitFor({ state: 'attached' });
    await coo.getByRole('button', { name: 'Present' }).click();
    await coo.getByRole('dialog', { name: 'COO View, presenting' }).waitFor();

    console.log(`Opening ${FOLLOWERS} followers…`);
    const followers: Page[] = [];
    for (let index = 0; index < FOLLOWERS; index++) {
      const page = await admin.newPage();
      await page.setViewportSize({ width: 800, height: 600 });
      await page.addInitScript(FOLLOW_HELPERS);
      await page.goto('/coo-view');
      await page.getByRole('button', { name: 'Follow', exact: true }).click({ timeout: 60_000 });
      await page.getByText('Following Casey Chen').waitFor();
      followers.push(page);
    }
    await coo.getByText(/^1 following: Avery Admin$/).waitFor();

    const loadBefore = loadAverage();
    const speed = machineSpeedMs();
    const last: number[] = [];
    const each: number[] = [];
    // Until the presenter's state reached the last follower's socket: the servers' and the network's share.
    const lastArrival: number[] = [];
    for (let run = 0; run < benchEnv.runs; run++) {
      const label = QUARTER_LABELS[run % QUARTER_LABELS.length]!;
      await Promise.all(followers.map((page) => page.evaluate((l) => (window as unknown as Helpers).__watchPressed(l), label)));
      const pressedAt = await coo.evaluate((l) => (window as unknown as Helpers).__press(l), label);
      const seen = await Promise.all(followers.map((page) => page.evaluate(async () => [await (window as unknown as Helpers).__seen, (window as unknown as Helpers).__arrived])));
      const delays = seen.map(([at]) => at! - pressedAt);
      each.push(...delays);
      last.push(Math.max(...delays));
      lastArrival.push(Math.max(...seen.map(([, arrived]) => arrived! - pressedAt)));
      await coo.waitForTimeout(200);
    }

    const round = (ms: number) => Math.round(ms * 10) / 10;
    const figures = { p50: round(median(last)), p95: round(percentile(last, 0.95)), max: round(Math.max(...last)), eachP50: round(median(each)), arrivalP50: round(median(lastArrival)), arrivalP95: round(percentile(lastArrival, 0.95)) };
    const machine = describeMachine(app.browser);
    const loadAfter = loadAverage();
    console.log(`\nMachine: ${machine}; speed reading ${speed} ms (lower is faster)\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
    console.log('| actions | followers | action -> last follower p50 / p95 / max ms | action -> one follower p50 ms | action -> last follower\'s socket p50 / p95 ms |');
    console.log('|---:|---:|---:|---:|---:|');
    console.log(`| ${last.length} | ${FOLLOWERS} | ${figures.p50} / ${figures.p95} / ${figures.max} | ${figures.eachP50} | ${figures.arrivalP50} / ${figures.arrivalP95} |`);
    writeBenchResults(OUT, {
      bench: 'follow',
      title: `The presenter's action reaching ${FOLLOWERS} followers on another server, ${last.length} actions`,
      figures: [
        below('action -> every follower, p95', figures.p95, 'ms', TARGET_P95_MS),
        reported('action -> every follower, p50', figures.p50, 'ms'),
        reported('action -> one follower, p50', figures.eachP50, 'ms'),
        reported("action -> last follower's socket, p95", figures.arrivalP95, 'ms'),
      ],
      machine,
      machineSpeedMs: speed,
      loadBefore,
      loadAfter,
      targetP95Ms: TARGET_P95_MS,
      summary: { followers: FOLLOWERS, actions: last.length, ...figures },
      actions: last,
    });
    console.log(`action -> every follower p95: ${figures.p95} ms — target ${TARGET_P95_MS} ms ${figures.p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
  }
}

await main();
