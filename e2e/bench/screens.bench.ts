import { fileURLToPath } from 'node:url';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { machineSpeedMs } from '../../backend/bench/machine-speed.ts';
import { benchEnv, describeMachine, loadAverage, median, percentile, signedInContext, startBenchApp, type BenchApp } from './bench-support.ts';
import { SCREEN_BENCHES } from './screen-benches.ts';
import { traceScreen } from './screen-trace.ts';
import { visitScreen, type ScreenBench, type Visit } from './screen-visit.ts';

/**
 * `npm run bench -w e2e` (part of `make bench`): how soon each data-heavy screen shows its data
 * and answers its first input on the large organisation (targets per screen in
 * screen-benches.ts, figures in docs/PERFORMANCE.md).
 *
 * The demo organisation grown by backend/bench/large-org.ts (the API benchmark's dataset), served
 * by the built server (bench-support.ts). For each screen, Chromium signed in as admin opens it
 * BENCH_RUNS times with an empty browser cache (a new context each time) and BENCH_RUNS times
 * with a warm one (screen-visit.ts says what is timed). The first visit of the first screen after
 * the server starts is reported apart: its read cache is empty. BENCH_SCREENS (comma-separated
 * names) runs only some screens. The machine-speed reading (backend/bench/machine-speed.ts),
 * taken before the visits, goes with the results so that runs on other machines compare.
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/screens.json', import.meta.url));
/** BENCH_TRACE=1: one more empty-cache visit per screen under a Chromium trace, summarised. */
const traced = Boolean(process.env.BENCH_TRACE);
const only = process.env.BENCH_SCREENS?.split(',').map((name) => name.trim().toLowerCase());

type Measure = 'dataArrivedMs' | 'dataOnScreenMs' | 'interactiveMs' | 'inputMs' | 'longTasksMs' | 'blockingMs';

function summarise(screen: ScreenBench, cache: string, visits: Visit[]) {
  const pick = (key: Measure) => visits.map((visit) => visit[key]);
  const spread = (key: Measure) => ({ median: median(pick(key)), p90: percentile(pick(key), 0.9), max: Math.max(...pick(key)) });
  const inputMet = (visit: Visit) => screen.input === undefined || visit.inputMs <= screen.input.targetMs;
  return {
    screen: screen.name,
    cache,
    runs: visits.length,
    dataArrived: spread('dataArrivedMs'),
    dataOnScreen: spread('dataOnScreenMs'),
    interactive: spread('interactiveMs'),
    input: spread('inputMs'),
    longTasks: spread('longTasksMs'),
    blocking: spread('blockingMs'),
    withinTarget: visits.filter((visit) => visit.interactiveMs <= screen.targetMs && inputMet(visit)).length,
  };
}

async function benchScreen(app: BenchApp, screen: ScreenBench) {
  const cold: Visit[] = [];
  for (let run = 0; run < benchEnv.runs; run++) {
    const context = await signedInContext(app);
    cold.push(await visitScreen(context, screen));
    await context.close();
  }
  const warmContext = await signedInContext(app);
  await visitScreen(warmContext, screen); // fills the browser cache
  const warm: Visit[] = [];
  for (let run = 0; run < benchEnv.runs; run++) warm.push(await visitScreen(warmContext, screen));
  await warmContext.close();
  return { cold, warm, summaries: [summarise(screen, 'empty', cold), summarise(screen, 'warm', warm)] };
}

async function main() {
  const screens = SCREEN_BENCHES.filter((screen) => !only || only.includes(screen.name.toLowerCase()));
  if (screens.length === 0) throw new Error(`No screen is named ${process.env.BENCH_SCREENS}`);
  const app = await startBenchApp((orm) => seedLargeOrganisation(orm, LARGE_ORGANISATION));
  try {
    console.log('Dataset:', app.grown);
    const speed = machineSpeedMs();
    const loadBefore = loadAverage();
    const firstContext = await signedInContext(app);
    const first = await visitScreen(firstContext, screens[0]!);
    await firstContext.close();
    console.log(`First visit after the server started (${screens[0]!.name}, empty read cache): data ${first.dataOnScreenMs} ms, interactive ${first.interactiveMs} ms, total blocking time ${first.blockingMs} ms`);

    const results = [];
    for (const screen of screens) {
      console.log(`${screen.name}…`);
      results.push({ name: screen.name, path: screen.path, targetMs: screen.targetMs, inputTargetMs: screen.input?.targetMs, input: screen.input?.name, ...(await benchScreen(app, screen)) });
      if (traced) {
        const context = await signedInContext(app);
        await traceScreen(app.browser, context, app.baseUrl, screen);
        await context.close();
      }
    }
    const loadAfter = loadAverage();

    const machine = describeMachine(app.browser);
    console.log(`\nMachine: ${machine}; speed reading ${speed} ms (lower is faster)\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
    console.log(
      '| screen | browser cache | data arrived, median ms | data on screen, median / p90 ms | interactive, median / p90 / max ms (target) | total blocking time, median / p90 ms | first input, median / p90 ms (target) | within target |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const result of results) {
      for (const s of result.summaries) {
        console.log(
          `| ${s.screen} | ${s.cache} | ${s.dataArrived.median} | ${s.dataOnScreen.median} / ${s.dataOnScreen.p90} | ${s.interactive.median} / ${s.interactive.p90} / ${s.interactive.max} (${result.targetMs}) | ${s.blocking.median} / ${s.blocking.p90} | ${result.input ? `${s.input.median} / ${s.input.p90} (${result.inputTargetMs}, ${result.input})` : 'no input'} | ${s.withinTarget} of ${s.runs} |`,
        );
      }
    }
    for (const result of results) {
      const example = result.cold[Math.floor(result.cold.length / 2)]!;
      console.log(`\n${result.name}: API calls of one empty-cache visit (ms from navigation start, KB on the wire), ${example.scriptKb} KB of JavaScript:`);
      for (const call of example.api) console.log(`  ${call.path}: ${call.start} → ${call.end} (${call.kb} KB)`);
    }

    writeBenchResults(OUT, {
      bench: 'screens',
      title: `Data-heavy screens in Chromium on the large organisation, ${benchEnv.runs} visits each, empty browser cache`,
      figures: [
        reported(`first visit after the server started (${screens[0]!.name}), interactive`, first.interactiveMs, 'ms'),
        ...results.flatMap((result) => {
          const [empty] = result.summaries;
          return [
            reported(`${result.name}, data on screen, median`, empty!.dataOnScreen.median, 'ms'),
            below(`${result.name}, interactive, median`, empty!.interactive.median, 'ms', result.targetMs),
            reported(`${result.name}, total blocking time from the data's arrival, median`, empty!.blocking.median, 'ms'),
            ...(result.inputTargetMs === undefined ? [] : [below(`${result.name}, ${result.input}, median`, empty!.input.median, 'ms', result.inputTargetMs)]),
          ];
        }),
      ],
      machine,
      machineSpeedMs: speed,
      loadBefore,
      loadAfter,
      dataset: app.grown,
      first,
      results,
    });
    for (const result of results) {
      const [empty] = result.summaries;
      const met = empty!.interactive.median <= result.targetMs && (result.inputTargetMs === undefined || empty!.input.median <= result.inputTargetMs);
      const input = result.input ? `, first input ${empty!.input.median} ms` : '';
      console.log(`${result.name}: interactive ${empty!.interactive.median} ms, total blocking time ${empty!.blocking.median} ms${input} (empty cache, medians) — targets ${met ? 'met' : 'NOT met'}`);
    }
  } finally {
    await app.close();
  }
}

await main();
