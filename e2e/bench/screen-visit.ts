import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * One visit of one screen, timed by the page's own clock (docs/PERFORMANCE.md, "The data-heavy
 * screens"): when its data arrives and is on screen, when it is interactive, how long the main
 * thread is blocked on the way, and how long its first input takes to show its effect.
 */

interface ScreenInput {
  /** What the input does, for the report ("tick one status"). */
  name: string;
  /** It must show its effect within this many ms (median). */
  targetMs: number;
  /** Untimed steps before the input, e.g. opening the popover it is made in. */
  prepare?(page: Page): Promise<void>;
  /** Performs the input through Playwright; answers what `done` needs to recognise its effect. */
  act(page: Page): Promise<string>;
  /**
   * Runs in the page with act's answer: true once the screen shows the input's effect. Installed
   * as its source text, so it must stand alone (no outside names, no named inner functions).
   */
  done(arg: string): boolean;
}

export interface ScreenBench {
  name: string;
  path: string;
  /** Interactive with data within this many ms of navigation, empty browser cache (median). */
  targetMs: number;
  /**
   * A JavaScript expression, true once the screen shows its data (inlined into a script that runs
   * before the app's; plain JavaScript, since tsx would wrap TypeScript in helpers the page lacks).
   */
  dataShown: string;
  /** The screen's first input, where it has one. */
  input?: ScreenInput;
}

export interface Visit {
  /** The last /api answer that ended before the data showed (navigation start if none did). */
  dataArrivedMs: number;
  dataOnScreenMs: number;
  interactiveMs: number;
  /** NaN for a screen without an input. */
  inputMs: number;
  longTasksMs: number;
  /** Total blocking time from the data's arrival to interactive. */
  blockingMs: number;
  /** Each /api call: path, start and end on the page's clock, KB on the wire. */
  api: Array<{ path: string; start: number; end: number; kb: number }>;
  scriptKb: number;
}

/** Lighthouse's rule: interactive once the main thread has had no long task for this long. */
const QUIET_WINDOW_MS = 500;
/** A task blocks input for whatever it runs beyond this (Lighthouse's total blocking time). */
const BLOCKING_AFTER_MS = 50;

interface PageMarks {
  longTasks: Array<{ start: number; end: number }>;
  paintedAt?: number;
  inputAt?: number;
  shownAt?: number;
  armed?: boolean;
}
type BenchWindow = Window & { __bench: PageMarks; __inputDone?: (arg: string) => boolean };

/**
 * Installed before the app's scripts: long tasks, the frame after `dataShown` first holds, and
 * the moment of the next user input once armed (capture phase, before the app sees it).
 */
const recordMarks = (dataShown: string, inputDone: string) => `
  const bench = (window.__bench = { longTasks: [] });
  window.__inputDone = ${inputDone};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  for (const type of ['pointerdown', 'keydown', 'input', 'change']) {
    document.addEventListener(type, () => {
      if (!bench.armed) return;
      bench.armed = false;
      bench.inputAt = performance.now();
    }, true);
  }
  const dataShown = () => (${dataShown});
  const observer = new MutationObserver(() => {
    if (!dataShown()) return;
    observer.disconnect();
    // The frame that shows the data: after the next rendering opportunity.
    requestAnimationFrame(() => setTimeout(() => (bench.paintedAt = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
`;

const marksOf = (page: Page) => page.evaluate(() => (window as unknown as BenchWindow).__bench);

export async function visitScreen(context: BrowserContext, screen: ScreenBench): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(recordMarks(screen.dataShown, screen.input ? screen.input.done.toString() : 'undefined'));
  await page.goto(screen.path);
  await page
    .waitForFunction(() => (window as unknown as BenchWindow).__bench.paintedAt !== undefined, undefined, { timeout: 30_000 })
    .catch(async (error: unknown) => {
      const shot = join(tmpdir(), `${screen.name.replace(/\W+/g, '-')}-bench-timeout.png`);
      await page.screenshot({ path: shot });
      throw new Error(`${screen.name} never showed its data at ${page.url()} (screenshot ${shot})`, { cause: error });
    });
  // Let long tasks that follow the data show up before judging when the page went quiet.
  await page.waitForTimeout(QUIET_WINDOW_MS + 500);
  const { longTasks, paintedAt = 0 } = await marksOf(page);
  let interactive = paintedAt;
  for (const task of [...longTasks].sort((a, b) => a.start - b.start)) {
    if (task.start <= interactive + QUIET_WINDOW_MS && task.end > interactive) interactive = task.end;
  }
  const resources = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      url: entry.name,
      start: entry.startTime,
      end: entry.responseEnd,
      bytes: entry.transferSize,
    })),
  );
  const api = resources.filter((entry) => new URL(entry.url).pathname.startsWith('/api/'));
  const dataArrived = Math.max(0, ...api.map((entry) => entry.end).filter((end) => end <= paintedAt));
  // Each long task's part beyond its first 50 ms, clipped to the span from the data's arrival to interactive.
  const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, Math.min(task.end, interactive) - Math.max(task.start + BLOCKING_AFTER_MS, dataArrived)), 0);

  const inputMs = screen.input ? await timeInput(page, screen.input) : Number.NaN;
  await page.close();
  return {
    dataArrivedMs: Math.round(dataArrived),
    dataOnScreenMs: Math.round(paintedAt),
    interactiveMs: Math.round(interactive),
    inputMs,
    longTasksMs: Math.round(longTasks.reduce((sum, task) => sum + task.end - task.start, 0)),
    blockingMs: Math.round(blocking),
    api: api.map((entry) => ({ path: new URL(entry.url).pathname, start: Math.round(entry.start), end: Math.round(entry.end), kb: Math.round(entry.bytes / 102.4) / 10 })),
    scriptKb: Math.round(resources.filter((entry) => entry.url.endsWith('.js')).reduce((sum, entry) => sum + entry.bytes, 0) / 1024),
  };
}

/**
 * The first input: from the event reaching the page to the first frame that shows its effect
 * (checked on every animation frame), without Playwright's round trips.
 */
async function timeInput(page: Page, input: ScreenInput): Promise<number> {
  await input.prepare?.(page);
  await page.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = true));
  const arg = await input.act(page);
  // A function, not a string: the page's CSP forbids evaluating strings.
  await page.waitForFunction(
    (value) => {
      const page = window as unknown as BenchWindow;
      if (!page.__inputDone?.(value)) return false;
      page.__bench.shownAt = performance.now();
      return true;
    },
    arg,
    { polling: 'raf', timeout: 10_000 },
  );
  const { inputAt = 0, shownAt = 0 } = await marksOf(page);
  return Math.round(shownAt - inputAt);
}
