import type { BrowserContext, Page } from '@playwright/test';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { machineSpeedMs } from '../../backend/bench/machine-speed.ts';
import { describeMachine, loadAverage, median, percentile, startBenchApp, type BenchApp } from './bench-support.ts';

/**
 * What the two-browser benchmarks share (live-save, coo-live, method-check-in, stale-check-in): an
 * owner's page saves a method change, another person's page shows it, and the figure runs from the
 * moment the owner's page sends the request to the moment the other page has the new text in its
 * DOM, or no longer holds what the change takes away (a MutationObserver installed before the
 * app's scripts, no polling). Both pages run in one Chromium on one machine,
 * so their clocks (`performance.timeOrigin + performance.now()`) agree.
 */

/**
 * Installed before the app's scripts of both pages: `__watchFor(text, scope, counted, gone)`
 * resolves `__seen` with the clock time at which `text` first appears inside `scope` (a selector;
 * the whole page if none matches) and, when `counted` is given, at least `counted.count` elements
 * match `counted.selector` (a chart's new point), and, when `gone` is given, nothing matches that
 * selector any more (a mark the change clears); `__save(id, body)` sends PUT /api/methods/{id} and
 * answers when it was sent and answered. Plain JavaScript in a string: tsx would wrap TypeScript
 * functions in helpers the page lacks.
 */
const SAVE_TO_SCREEN_HELPERS = `
  const clock = () => performance.timeOrigin + performance.now();
  window.__watchFor = (text, scope, counted, gone) => {
    window.__seen = new Promise((resolve) => {
      const shown = () =>
        ((scope && document.querySelector(scope)) || document.body).textContent.includes(text) &&
        (!counted || document.querySelectorAll(counted.selector).length >= counted.count) &&
        (!gone || !document.querySelector(gone));
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        resolve(clock());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  };
  window.__save = async (id, body) => {
    const sentAt = clock();
    const response = await fetch('/api/methods/' + id, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answeredAt = clock();
    if (!response.ok) throw new Error('PUT answered ' + response.status + ': ' + (await response.text()));
    return { sentAt, answeredAt, version: (await response.json()).version };
  };
`;

/**
 * A page of `context` on `path`, the helpers installed before the app's scripts and, on an app
 * page, its socket online. On `/api/health`, a page of the app's origin that runs no app, a writer
 * sends saves and renders nothing, so the browser renders only the viewer's page.
 */
export async function openWatchedPage(context: BrowserContext, path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.addInitScript(SAVE_TO_SCREEN_HELPERS);
  await page.goto(path);
  if (!path.startsWith('/api/')) await page.locator('[data-live="online"]').waitFor({ state: 'attached' });
  return page;
}

/** Elements that must be on the page too: at least `count` matching `selector`. */
interface Counted {
  selector: string;
  count: number;
}

interface PageHelpers {
  __watchFor(text: string, scope?: string, counted?: Counted, gone?: string): void;
  __seen: Promise<number>;
  __save(id: number, body: Record<string, unknown>): Promise<{ sentAt: number; answeredAt: number; version: number }>;
}

export interface SaveToScreenRun {
  /** The owner's page (SAVE_TO_SCREEN_HELPERS installed), which saves. */
  owner: Page;
  /** The other person's page (SAVE_TO_SCREEN_HELPERS installed), which shows the change. */
  viewer: Page;
  /** Where on the viewer's page the new text must appear (a selector), else anywhere. */
  scope?: string;
  /** The method every save changes, unless a save names its own. */
  method?: { id: number; version: number };
  saves: number;
  /**
   * Save number `run`: its body (without `version`), the text it makes appear and, if any, the
   * elements it adds, the selector of what it takes away, and the method it changes when not `method`.
   */
  change(run: number): { body: Record<string, unknown>; text: string; counted?: Counted; gone?: string; method?: { id: number; version: number } };
  /** Lets both pages settle between saves (refetches, highlights), so that saves do not overlap. */
  settleMs: number;
}

export interface SaveToScreenFigures {
  saves: number;
  seen: { p50: number; p95: number; max: number };
  answered: { p50: number; p95: number };
  loadBefore: string;
  loadAfter: string;
  /** The machine-speed reading taken before the first save (backend/bench/machine-speed.ts). */
  machineSpeedMs: number;
  each: Array<{ seenMs: number; answeredMs: number }>;
}

/** Saves `saves` times, one after the other, and times each from sending to the viewer's DOM. */
export async function measureSaveToScreen({ owner, viewer, scope, method, saves, change, settleMs }: SaveToScreenRun): Promise<SaveToScreenFigures> {
  const page = (on: Page) => ({
    watchFor: (text: string, counted?: Counted, gone?: string) =>
      on.evaluate(([t, s, c, g]) => (window as unknown as PageHelpers).__watchFor(t, s, c, g), [text, scope, counted, gone] as const),
    seen: () => on.evaluate(() => (window as unknown as PageHelpers).__seen),
    save: (id: number, body: Record<string, unknown>) => on.evaluate(([i, b]) => (window as unknown as PageHelpers).__save(i, b), [id, body] as const),
  });
  const loadBefore = loadAverage();
  const speed = machineSpeedMs();
  const each: SaveToScreenFigures['each'] = [];
  let version = method?.version;
  for (let run = 0; run < saves; run++) {
    const { body, text, counted, gone, method: own } = change(run);
    const target = own ?? (method && version !== undefined ? { id: method.id, version } : undefined);
    if (!target) throw new Error(`Save ${run} names no method`);
    await page(viewer).watchFor(text, counted, gone);
    const saved = await page(owner).save(target.id, { ...body, version: target.version });
    if (!own) version = saved.version;
    const seenAt = await page(viewer).seen();
    each.push({ seenMs: seenAt - saved.sentAt, answeredMs: saved.answeredAt - saved.sentAt });
    await viewer.waitForTimeout(settleMs);
  }
  const seen = each.map((entry) => entry.seenMs);
  const answered = each.map((entry) => entry.answeredMs);
  return {
    saves: each.length,
    seen: { p50: round(median(seen)), p95: round(percentile(seen, 0.95)), max: round(Math.max(...seen)) },
    answered: { p50: round(median(answered)), p95: round(percentile(answered, 0.95)) },
    loadBefore,
    loadAfter: loadAverage(),
    machineSpeedMs: speed,
    each,
  };
}

/** How a benchmark's figures are reported: its name and title, the screen the saves reach, the p95 target and the results file. */
interface SaveToScreenReport {
  bench: string;
  title: string;
  screen: string;
  targetP95Ms: number;
  out: string;
}

/**
 * A whole two-browser benchmark: starts the app (`grow` as in startBenchApp), lets `measure` open
 * the pages and time the saves, reports its figures, and stops the app whatever happens.
 */
export async function benchSaveToScreen<Grown>(
  grow: Parameters<typeof startBenchApp<Grown>>[0],
  measure: (app: BenchApp & { grown: Grown }) => Promise<{ figures: SaveToScreenFigures; report: SaveToScreenReport }>,
): Promise<void> {
  const app = await startBenchApp(grow);
  try {
    const { figures, report } = await measure(app);
    reportSaveToScreen(app, figures, report);
  } finally {
    await app.close();
  }
}

/** Prints the figures as a table row against the p95 target and writes them to `out`. */
function reportSaveToScreen(app: BenchApp, figures: SaveToScreenFigures, { bench, title, screen, targetP95Ms, out }: SaveToScreenReport): void {
  const machine = describeMachine(app.browser);
  const { saves, seen, answered, loadBefore, loadAfter, machineSpeedMs: speed, each } = figures;
  console.log(`\nMachine: ${machine}; speed reading ${speed} ms (lower is faster)\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
  console.log(`| saves | save -> ${screen} p50 / p95 / max ms | save answered p50 / p95 ms |`);
  console.log('|---:|---:|---:|');
  console.log(`| ${saves} | ${seen.p50} / ${seen.p95} / ${seen.max} | ${answered.p50} / ${answered.p95} |`);
  writeBenchResults(out, {
    bench,
    title,
    figures: [
      below(`save -> ${screen}, p95`, seen.p95, 'ms', targetP95Ms),
      reported(`save -> ${screen}, p50`, seen.p50, 'ms'),
      reported('save answered, p95', answered.p95, 'ms'),
    ],
    machine,
    machineSpeedMs: speed,
    loadBefore,
    loadAfter,
    targetP95Ms,
    summary: { saves, seen, answered },
    saves: each,
  });
  console.log(`Save -> ${screen} p95: ${seen.p95} ms — target ${targetP95Ms} ms ${seen.p95 < targetP95Ms ? 'met' : 'NOT met'}`);
}

const round = (ms: number) => Math.round(ms * 10) / 10;
