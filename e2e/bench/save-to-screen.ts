import type { BrowserContext, Page } from '@playwright/test';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { machineSpeedMs } from '../../backend/bench/machine-speed.ts';
import { describeMachine, loadAverage, median, percentile, type BenchApp } from './bench-support.ts';

/**
 * What the two-browser benchmarks share (live-save, coo-live, method-check-in, stale-check-in,
 * comment-to-thread, mention-to-bells): one page sends a write (a method's save, a comment), other people's pages show
 * it, and the figure runs from the moment the sending page sends the request to the moment the
 * last of the other pages has the change in its DOM (a MutationObserver installed before the app's
 * scripts, no polling). All pages run in one Chromium on one machine, so their clocks
 * (`performance.timeOrigin + performance.now()`) agree.
 */

/**
 * Installed before the app's scripts of every page: `__watchFor(text, scope, counted, gone)` resolves
 * `__seen` with the clock time at which `text` (if any) first appears inside `scope` (a selector;
 * the whole page if none matches), when `counted` is given, at least `counted.count` elements
 * match `counted.selector` (a chart's new point, a bell whose `aria-label` gives the new count),
 * and when `gone` is given, nothing matches it any more (a Stale mark cleared), and
 * `__send(method, path, body)` sends a JSON request and answers when it was sent and answered, with
 * the answer's body. Plain JavaScript in a string: tsx would wrap TypeScript functions in helpers
 * the page lacks.
 */
export const SAVE_TO_SCREEN_HELPERS = `
  const clock = () => performance.timeOrigin + performance.now();
  window.__watchFor = (text, scope, counted, gone) => {
    window.__seen = new Promise((resolve) => {
      const shown = () =>
        (!text || ((scope && document.querySelector(scope)) || document.body).textContent.includes(text)) &&
        (!counted || document.querySelectorAll(counted.selector).length >= counted.count) &&
        (!gone || !document.querySelector(gone));
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        resolve(clock());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributeFilter: ['aria-label'] });
    });
  };
  window.__send = async (method, path, body) => {
    const sentAt = clock();
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answeredAt = clock();
    if (!response.ok) throw new Error(method + ' ' + path + ' answered ' + response.status + ': ' + (await response.text()));
    return { sentAt, answeredAt, answer: await response.json() };
  };
`;

/** A new page of `context` on `path`, its helpers installed and its socket online: a page that watches. */
export async function openWatchedPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(SAVE_TO_SCREEN_HELPERS);
  await page.goto(path);
  await page.locator('[data-live="online"]').waitFor({ state: 'attached' });
  return page;
}

/** A new page of `context` that sends writes: its helpers installed on the app's origin, running no app (`/api/health`), so the browser renders only the pages watched. */
export async function openSendingPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(SAVE_TO_SCREEN_HELPERS);
  await page.goto('/api/health');
  return page;
}

/** Elements that must be on the page too: at least `count` matching `selector`. */
interface Counted {
  selector: string;
  count: number;
}

/** What a page must come to show: `text` (if not empty) inside `scope`, the `counted` elements, and none matching `gone`. */
interface Shows {
  text: string;
  scope?: string;
  counted?: Counted;
  gone?: string;
}

interface Sent {
  sentAt: number;
  answeredAt: number;
  answer: unknown;
}

interface PageHelpers {
  __watchFor(text: string, scope?: string, counted?: Counted, gone?: string): void;
  __seen: Promise<number>;
  __send(method: string, path: string, body: Record<string, unknown>): Promise<Sent>;
}

/** One write of a run: which page sends what, and what every watching page then shows (a list: each viewer's own, in order). */
interface ToScreenStep {
  sender: Page;
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  shows: Shows | readonly Shows[];
}

export interface ToScreenRun {
  /** The pages (SAVE_TO_SCREEN_HELPERS installed) that must all show each write. */
  viewers: readonly Page[];
  runs: number;
  /** Write number `run`, asked for once the last one was answered and shown. */
  step(run: number): ToScreenStep;
  /** Called with each write's answer, before the next step is asked for. */
  onAnswer?(answer: unknown): void;
  /** Lets the pages settle between writes (refetches, highlights), so that writes do not overlap. */
  settleMs: number;
}

export interface SaveToScreenRun {
  /** The owner's page (SAVE_TO_SCREEN_HELPERS installed), which saves. */
  owner: Page;
  /** The other person's page (SAVE_TO_SCREEN_HELPERS installed), which shows the change. */
  viewer: Page;
  /** Where on the viewer's page the new text must appear (a selector), else anywhere. */
  scope?: string;
  method: { id: number; version: number };
  saves: number;
  /** The body of save number `run` (without `version`), the text it makes appear and, if any, the elements it adds. */
  change(run: number): { body: Record<string, unknown>; text: string; counted?: Counted };
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

const isShowsList = (shows: Shows | readonly Shows[]): shows is readonly Shows[] => Array.isArray(shows);

/** Sends `runs` writes, one after the other, and times each from sending to the last viewer's DOM. */
export async function measureToScreen({ viewers, runs, step, onAnswer, settleMs }: ToScreenRun): Promise<SaveToScreenFigures> {
  const loadBefore = loadAverage();
  const speed = machineSpeedMs();
  const each: SaveToScreenFigures['each'] = [];
  for (let run = 0; run < runs; run++) {
    const { sender, method, path, body, shows } = step(run);
    await Promise.all(
      viewers.map((viewer, index) => {
        const { text, scope, counted, gone } = isShowsList(shows) ? shows[index]! : shows;
        return viewer.evaluate(([t, s, c, g]) => (window as unknown as PageHelpers).__watchFor(t, s, c, g), [text, scope, counted, gone] as const);
      }),
    );
    const sent = await sender.evaluate(([m, p, b]) => (window as unknown as PageHelpers).__send(m, p, b), [method, path, body] as const);
    onAnswer?.(sent.answer);
    const seenAt = Math.max(...(await Promise.all(viewers.map((viewer) => viewer.evaluate(() => (window as unknown as PageHelpers).__seen)))));
    each.push({ seenMs: seenAt - sent.sentAt, answeredMs: sent.answeredAt - sent.sentAt });
    await sender.waitForTimeout(settleMs);
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

/** Saves `saves` times, one after the other, each on the version the last answered, and times each from sending to the viewer's DOM. */
export function measureSaveToScreen({ owner, viewer, scope, method, saves, change, settleMs }: SaveToScreenRun): Promise<SaveToScreenFigures> {
  let version = method.version;
  return measureToScreen({
    viewers: [viewer],
    runs: saves,
    settleMs,
    step: (run) => {
      const { body, text, counted } = change(run);
      return { sender: owner, method: 'PUT', path: `/api/methods/${method.id}`, body: { ...body, version }, shows: { text, scope, counted } };
    },
    onAnswer: (answer) => {
      version = (answer as { version: number }).version;
    },
  });
}

/** Prints the figures as a table row against the p95 target and writes them to `out`. */
export function reportSaveToScreen(
  app: BenchApp,
  figures: SaveToScreenFigures,
  {
    bench,
    title,
    screen,
    targetP95Ms,
    out,
    action = 'save',
  }: {
    bench: string;
    title: string;
    screen: string;
    targetP95Ms: number;
    out: string;
    /** What each write is, as the figures name it ('save', 'comment'). */
    action?: string;
  },
): void {
  const machine = describeMachine(app.browser);
  const { saves, seen, answered, loadBefore, loadAfter, machineSpeedMs: speed, each } = figures;
  console.log(`\nMachine: ${machine}; speed reading ${speed} ms (lower is faster)\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
  console.log(`| ${action}s | ${action} -> ${screen} p50 / p95 / max ms | ${action} answered p50 / p95 ms |`);
  console.log('|---:|---:|---:|');
  console.log(`| ${saves} | ${seen.p50} / ${seen.p95} / ${seen.max} | ${answered.p50} / ${answered.p95} |`);
  writeBenchResults(out, {
    bench,
    title,
    figures: [
      below(`${action} -> ${screen}, p95`, seen.p95, 'ms', targetP95Ms),
      reported(`${action} -> ${screen}, p50`, seen.p50, 'ms'),
      reported(`${action} answered, p95`, answered.p95, 'ms'),
    ],
    machine,
    machineSpeedMs: speed,
    loadBefore,
    loadAfter,
    targetP95Ms,
    summary: { saves, seen, answered },
    saves: each,
  });
  console.log(`${action} -> ${screen} p95: ${seen.p95} ms — target ${targetP95Ms} ms ${seen.p95 < targetP95Ms ? 'met' : 'NOT met'}`);
}

const round = (ms: number) => Math.round(ms * 10) / 10;
