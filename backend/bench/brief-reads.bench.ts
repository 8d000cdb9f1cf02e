import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { openDatabase } from '../src/db/database.js';
import { configuredLocation } from '../src/db/location.js';
import { loadEnv } from '../src/env.js';
import { ormModel } from '../src/modules/orm-model.js';
import { quarterScorecard } from '../src/modules/quarter-reviews/quarter-reviews.service.js';
import { meetingBriefFacts } from '../src/modules/rhythm/meeting-brief-facts.js';
import { loadRhythm } from '../src/modules/rhythm/rhythm.service.js';
import { now } from '../src/server-clock.js';
import { reported, writeBenchResults } from './bench-results.js';
import { machineSpeedMs } from './machine-speed.js';

/**
 * `npm run bench:brief-reads -w backend` (`make bench-brief-reads`; not in `make bench`: it needs a
 * `make seed-company` database, BENCH_COMPANY_DATABASE_URL, `company_20k` by default, which it
 * migrates): the whole company's reads of the COO View that no cache keeps, the meeting brief's facts
 * (docs/PRODUCT.md#meeting-brief) and the quarter scorecard (#quarter-review), each read
 * BENCH_BRIEF_RUNS times in turn, one at a time, after one read that warms the caches.
 */

const options = z
  .object({
    BENCH_COMPANY_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/company_20k'),
    BENCH_BRIEF_RUNS: z.coerce.number().int().positive().default(20),
    BENCH_BRIEF_OUT: z.string().default(fileURLToPath(new URL('./results/brief-reads.json', import.meta.url))),
  })
  .parse(process.env);

const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

const database = await openDatabase(configuredLocation(loadEnv({ DATABASE_URL: options.BENCH_COMPANY_DATABASE_URL })), ormModel);
try {
  await database.orm.migrator.up();
  const reads = {
    'meeting brief facts': async () => {
      const em = database.orm.em.fork();
      await meetingBriefFacts(em, await loadRhythm(em), now());
    },
    'quarter scorecard': () => quarterScorecard(database.orm.em.fork(), now()).then(() => undefined),
  };
  const timings = new Map<string, number[]>();
  for (const [name, read] of Object.entries(reads)) {
    await read();
    const times: number[] = [];
    for (let run = 0; run < options.BENCH_BRIEF_RUNS; run++) {
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    timings.set(name, times.sort((a, b) => a - b));
  }
  const figures = [...timings].flatMap(([name, times]) => [reported(`${name}, p50`, round(percentile(times, 0.5)), 'ms'), reported(`${name}, p95`, round(percentile(times, 0.95)), 'ms')]);
  for (const figure of figures) console.log(`${figure.name}: ${figure.value} ${figure.unit}`);
  writeBenchResults(options.BENCH_BRIEF_OUT, {
    bench: 'brief-reads',
    title: `The COO View's whole-company reads on ${new URL(options.BENCH_COMPANY_DATABASE_URL).pathname.slice(1)}, ${options.BENCH_BRIEF_RUNS} reads each`,
    figures,
    speedReadingMs: machineSpeedMs(),
  });
} finally {
  await database.close();
}
