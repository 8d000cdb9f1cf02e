import { performance } from 'node:perf_hooks';

/**
 * The machine-speed reading the benchmark report prints beside its figures, so that runs on
 * different machines can be compared (docs/PERFORMANCE.md, "The benchmark report"): one fixed
 * piece of main-thread work of the kind the screens do (build rows, JSON round trip, sort,
 * group), timed in Node. Lower is faster; it follows the load as the benchmarks do.
 */

const ROWS = 30_000;
const WARM_UPS = 2;
const TIMED_RUNS = 5;
/** What the work computes; a different answer means the work changed and readings no longer compare. */
const CHECKSUM = 125_487_998;

function fixedWork(): number {
  // xorshift32: the same rows on every machine, without Math.random.
  let seed = 0x9e3779b9;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const rows = Array.from({ length: ROWS }, (_, id) => ({ id, name: `Method ${next() % 10_000}`, progress: next() % 101, tags: [next() % 7, next() % 13] as const }));
  const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
  // Code-unit order, not localeCompare: ICU differs between Node builds.
  parsed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  const byProgress = new Map<number, number>();
  for (const row of parsed) byProgress.set(row.progress, (byProgress.get(row.progress) ?? 0) + row.tags[0] + row.tags[1]);
  let checksum = 0;
  for (const [progress, sum] of byProgress) checksum = (checksum * 31 + progress * sum) >>> 0;
  for (let index = 0; index < parsed.length; index += 1_000) checksum = (checksum * 31 + parsed[index]!.id) >>> 0;
  return checksum;
}

/** The median of a few timed runs of the fixed work after warm-ups, in ms (about half a second in all). */
export function machineSpeedMs(): number {
  const times: number[] = [];
  for (let run = 0; run < WARM_UPS + TIMED_RUNS; run++) {
    const start = performance.now();
    const checksum = fixedWork();
    const elapsed = performance.now() - start;
    if (checksum !== CHECKSUM) throw new Error(`The machine-speed work computed ${checksum}, not ${CHECKSUM}`);
    if (run >= WARM_UPS) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(TIMED_RUNS / 2)]! * 10) / 10;
}
