import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { visitScreen, type ScreenBench, type Visit } from './screen-visit.ts';

/**
 * Where a screen's main thread goes after its data arrives, from a Chromium performance trace
 * (docs/PERFORMANCE.md, "The data-heavy screens"): JavaScript's own profile shows style, layout
 * and paint only as "(program)", the trace names them.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/** What the renderer's main thread was doing, by the event that did the work itself. */
const KINDS: Array<[kind: string, names: readonly string[]]> = [
  ['style', ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation']],
  ['layout', ['Layout', 'UpdateLayerTree', 'IntersectionObserverController::computeIntersections']],
  ['paint', ['Paint', 'PrePaint', 'Layerize', 'PaintImage', 'CompositeLayers', 'Commit', 'UpdateLayer', 'RasterTask']],
  ['parse and compile', ['ParseHTML', 'v8.compile', 'V8.CompileCode', 'v8.parseOnBackground', 'V8.CompileLazy', 'v8.produceCache']],
];

function kindOf(name: string): string {
  for (const [kind, names] of KINDS) if (names.includes(name)) return kind;
  // V8's and Blink's collectors name every phase with GC (MinorGC, V8.GC_SCAVENGER, BlinkGC.…).
  if (name.includes('GC')) return 'garbage collection';
  return name === 'RunTask' || name === 'ThreadControllerImpl::RunTask' ? 'other (task overhead)' : 'script';
}

/** The main thread of the renderer that navigated to `url`, and when it did. */
function pageMainThread(events: readonly TraceEvent[], url: string): { pid: number; tid: number; navigationStart: number } {
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url);
  if (!navigation) throw new Error(`The trace has no navigation to ${url}`);
  return { pid: navigation.pid, tid: navigation.tid, navigationStart: navigation.ts };
}

/**
 * Self time (a slice's time minus its children's) of the main thread's slices inside long tasks
 * from `fromMs` to `toMs` on the page's clock, summed by kind and by slice name, in ms.
 */
function mainThreadTime(events: readonly TraceEvent[], url: string, fromMs: number, toMs: number) {
  const main = pageMainThread(events, url);
  const from = main.navigationStart + fromMs * 1000;
  const to = main.navigationStart + toMs * 1000;
  const slices = events
    .filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind = new Map<string, number>();
  const byName = new Map<string, number>();
  const stack: Array<{ event: TraceEvent; end: number; children: number; counted: boolean }> = [];
  const close = (frame: (typeof stack)[number]) => {
    if (!frame.counted) return;
    const self = (frame.event.dur ?? 0) - frame.children;
    byKind.set(kindOf(frame.event.name), (byKind.get(kindOf(frame.event.name)) ?? 0) + self);
    byName.set(frame.event.name, (byName.get(frame.event.name) ?? 0) + self);
  };
  for (const event of slices) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= event.ts) close(stack.pop()!);
    const parent = stack[stack.length - 1];
    if (parent) parent.children += event.dur ?? 0;
    // Only the work of long tasks (over 50 ms) that start within the window is what blocks input.
    const top = stack[0]?.event ?? event;
    const counted = (top.dur ?? 0) > 50_000 && top.ts >= from && top.ts < to;
    stack.push({ event, end: event.ts + (event.dur ?? 0), children: 0, counted });
  }
  while (stack.length > 0) close(stack.pop()!);
  const ms = (entries: Map<string, number>) =>
    [...entries].map(([name, micros]) => ({ name, ms: Math.round(micros / 1000) })).filter(({ ms }) => ms > 0).sort((a, b) => b.ms - a.ms);
  return { byKind: ms(byKind), byName: ms(byName).slice(0, 12) };
}

/** One empty-cache visit under a Chromium trace; prints where the long tasks after the data went. */
export async function traceScreen(browser: Browser, context: BrowserContext, baseUrl: string, screen: ScreenBench): Promise<Visit> {
  const path = join(tmpdir(), `${screen.name.replace(/\W+/g, '-')}-trace.json`);
  await browser.startTracing(undefined, {
    path,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel', 'v8', 'disabled-by-default-v8.gc'],
  });
  const visit = await visitScreen(context, screen);
  await browser.stopTracing();
  const { traceEvents } = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] };
  const time = mainThreadTime(traceEvents, new URL(screen.path, baseUrl).href, visit.dataArrivedMs, visit.interactiveMs);
  const list = (entries: Array<{ name: string; ms: number }>) => entries.map(({ name, ms }) => `${name} ${ms}`).join(', ');
  console.log(`${screen.name}, traced visit (${path}): total blocking time ${visit.blockingMs} ms; long tasks after the data, self time in ms`);
  console.log(`  by kind: ${list(time.byKind)}`);
  console.log(`  by slice: ${list(time.byName)}`);
  return visit;
}
