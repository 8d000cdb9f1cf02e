import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { fiscalQuarterOf } from '@v2mom/contracts';
import JSZip from 'jszip';
import { z } from 'zod';
import { cooViewDeckContent } from '../src/modules/decks/deck.content.js';
import { renderDeck } from '../src/modules/decks/deck.pptx.js';
import { now } from '../src/server-clock.js';
import { withBenchDatabase } from './bench-database.js';
import { below, reported, writeBenchResults } from './bench-results.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import { machineSpeedMs } from './machine-speed.js';

/**
 * `npm run bench:deck -w backend` (`make bench-deck`, part of `make bench`): the COO View's deck
 * (docs/PRODUCT.md#deck) of an organisation of BENCH_DECK_DEPARTMENTS departments with
 * BENCH_DECK_METHODS_PER_DEPARTMENT COO-tracked methods each, every method with a quarter of
 * weekly check-ins, in a scratch database. Timed as the endpoint builds it: its reads, then the
 * .pptx written in memory; the best of BENCH_DECK_RUNS. Targets: under 5 s and under 2 MB.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_DECK_DEPARTMENTS: z.coerce.number().int().positive().default(50),
    BENCH_DECK_METHODS_PER_DEPARTMENT: z.coerce.number().int().positive().default(20),
    BENCH_DECK_RUNS: z.coerce.number().int().positive().default(3),
    BENCH_DECK_OUT: z.string().default(fileURLToPath(new URL('./results/deck.json', import.meta.url))),
  })
  .parse(process.env);

const BUILD_TARGET_MS = 5_000;
const SIZE_TARGET_MB = 2;
const round = (value: number) => Math.round(value * 10) / 10;

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm }) => {
  const em = orm.em.fork();
  const departments = options.BENCH_DECK_DEPARTMENTS;
  const methods = departments * options.BENCH_DECK_METHODS_PER_DEPARTMENT;
  // The departments first, so the generated people (one per department in turn) spread over all of them.
  await em.execute(`insert into department (created_at, updated_at, name)
    select now(), now(), 'Bench department ' || g from generate_series(1, greatest(0, ${departments} - (select count(*) from department))) g`);
  const [{ demoMethods = 0 } = {}] = await em.execute<Array<{ demoMethods: number }>>(`select count(*)::int as "demoMethods" from method`);
  const counts = await seedLargeOrganisation(orm, {
    ...LARGE_ORGANISATION,
    users: departments * 4,
    v2moms: departments * 2,
    methods: methods + demoMethods,
    tasks: 0,
    weeksOfCheckIns: 13,
  });
  // Only the generated methods are tracked, each owned by one person of each department in turn.
  await em.execute(`update method set for_coo_tracking = description like 'Method %'`);
  const [{ tracked = 0, owned = 0 } = {}] = await em.execute<Array<{ tracked: number; owned: number }>>(
    `select count(*)::int as tracked, count(distinct u.department_id)::int as owned from method m join "user" u on u.id = m.owner_id where m.for_coo_tracking`,
  );

  const quarter = fiscalQuarterOf(new Date());
  const loadBefore = round(loadavg()[0] ?? 0);
  let bestMs = Number.POSITIVE_INFINITY;
  let bytes = 0;
  for (let run = 0; run < options.BENCH_DECK_RUNS; run++) {
    const started = performance.now();
    const content = await cooViewDeckContent(orm.em.fork(), quarter, now());
    const file = await renderDeck(content);
    bestMs = Math.min(bestMs, performance.now() - started);
    bytes = file.length;
  }
  const finalFile = await renderDeck(await cooViewDeckContent(orm.em.fork(), quarter, now()));
  const slides = Object.keys((await JSZip.loadAsync(finalFile)).files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).length;
  const sizeMb = round(bytes / 1_000_000);
  console.log(`COO View deck: ${tracked} methods in ${owned} departments, ${slides} slides, built in ${round(bestMs)} ms, ${bytes.toLocaleString('en')} bytes`);

  const cpu = cpus();
  writeBenchResults(options.BENCH_DECK_OUT, {
    bench: 'deck',
    title: `The COO View's deck: ${departments} departments × ${options.BENCH_DECK_METHODS_PER_DEPARTMENT} COO-tracked methods, a quarter of weekly check-ins each`,
    figures: [
      below('deck built: reads and the .pptx written (best of runs)', round(bestMs), 'ms', BUILD_TARGET_MS),
      below('deck size', sizeMb, 'MB', SIZE_TARGET_MB),
      reported('methods in the table', tracked, 'methods'),
      reported('slides', slides, 'slides'),
    ],
    machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`,
    machineSpeedMs: machineSpeedMs(),
    dataset: { ...counts, departmentsWithTrackedMethods: owned },
    loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0) },
    buildMs: round(bestMs),
    bytes,
  });
});
