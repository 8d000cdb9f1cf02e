import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { z } from 'zod';
import { openDatabase } from '../src/db/database.js';
import { machineSpeedMs } from './machine-speed.js';
import { ormModel } from '../src/modules/orm-model.js';

/**
 * The one benchmark report (docs/PERFORMANCE.md, "The benchmark report"). `make bench` calls
 * `report.ts begin` before the benchmarks (the commit, the time and the load average), then
 * `report.ts end` after them; `make bench-report` (`report.ts` alone) rewrites the section from
 * the last results without running anything. The section sits between the markers below and
 * holds every figure of every results file in backend/bench/results and e2e/bench/results
 * (the format of bench-results.ts), each beside its target, with the machine it ran on and its
 * speed reading (machine-speed.ts).
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  })
  .parse(process.env);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULT_FOLDERS = ['backend/bench/results', 'e2e/bench/results'];
const RUN_FILE = join(ROOT, 'backend/bench/results/.run.json');
const DOCUMENT = join(ROOT, 'docs/PERFORMANCE.md');
const START = '<!-- bench-report:start -->';
const END = '<!-- bench-report:end -->';

const ZFigure = z.object({
  name: z.string(),
  // NaN and Infinity are written by JSON.stringify as null: a figure the benchmark could not take.
  value: z.number().nullable(),
  unit: z.string(),
  target: z.string().nullable(),
  met: z.boolean().nullable(),
});
const ZResults = z.object({
  bench: z.string(),
  title: z.string(),
  date: z.iso.datetime().optional(),
  // The benchmark's own machine-speed reading, where it takes one.
  machineSpeedMs: z.number().optional(),
  figures: z.array(ZFigure).min(1),
});
type Results = z.infer<typeof ZResults> & { file: string };

const ZRun = z.object({
  commit: z.string(),
  startedAt: z.iso.datetime(),
  loadBefore: z.number(),
  machineSpeedMs: z.number().optional(),
  endedAt: z.iso.datetime().optional(),
  loadAfter: z.number().optional(),
});
type Run = z.infer<typeof ZRun>;

const oneMinuteLoad = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

/** The commit checked out, `-dirty` when tracked files differ from it (the report's own document aside). */
function commit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs/PERFORMANCE.md') !== '';
  return `${git('rev-parse', '--short', 'HEAD')}${dirty ? '-dirty' : ''}`;
}

function readRun(): Run | undefined {
  return existsSync(RUN_FILE) ? ZRun.parse(JSON.parse(readFileSync(RUN_FILE, 'utf8'))) : undefined;
}

/** Every results file that has the shared format; the others are named, with why, so that none goes missing silently. */
function readResults(): { results: Results[]; ignored: string[] } {
  const results: Results[] = [];
  const ignored: string[] = [];
  for (const folder of RESULT_FOLDERS) {
    const path = join(ROOT, folder);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path).filter((file) => file.endsWith('.json') && !file.startsWith('.')).sort()) {
      const file = `${folder}/${name}`;
      try {
        results.push({ ...ZResults.parse(JSON.parse(readFileSync(join(path, name), 'utf8'))), file });
      } catch (error) {
        ignored.push(`\`${file}\` (${error instanceof z.ZodError ? 'not in the results format' : String(error)})`);
      }
    }
  }
  return { results, ignored };
}

async function postgresVersion(): Promise<string> {
  try {
    const database = await openDatabase({ kind: 'postgresql', clientUrl: options.BENCH_DATABASE_URL }, ormModel);
    try {
      const [row] = await database.orm.em.fork().execute<Array<{ server_version: string }>>('show server_version');
      return `PostgreSQL ${row?.server_version ?? '?'}`;
    } finally {
      await database.close();
    }
  } catch {
    return 'PostgreSQL not reachable';
  }
}

async function redisVersion(): Promise<string> {
  const redis = createClient({ url: options.BENCH_REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1_000 } });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const version = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1];
    return `Redis ${version ?? '?'}`;
  } catch {
    return 'Redis not reachable';
  } finally {
    if (redis.isOpen) redis.destroy();
  }
}

const minutes = (iso: string) => iso.slice(0, 16).replace('T', ' ');

function formatValue({ value, unit }: Pick<z.infer<typeof ZFigure>, 'value' | 'unit'>): string {
  if (value === null) return '–';
  const number = value.toLocaleString('en', { maximumFractionDigits: 1 });
  return unit === 'count' ? number : `${number} ${unit}`;
}

const formatMs = (ms: number) => formatValue({ value: ms, unit: 'ms' });

const formatMet = (met: boolean | null) => (met === null ? '–' : met ? 'yes' : '**no**');

async function section(run: Run | undefined): Promise<string> {
  const { results, ignored } = readResults();
  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}, ${await postgresVersion()}, ${await redisVersion()}`;
  // Taken as the run began; without a recorded reading, now.
  const speed = run?.machineSpeedMs ?? machineSpeedMs();
  const figures = results.flatMap((result) => result.figures);
  const judged = figures.filter((figure) => figure.met !== null);
  // Results written outside the recorded run (a benchmark that failed, or was run alone since) say when they are from.
  const outsideRun = (result: Results) =>
    run !== undefined && result.date !== undefined && (result.date < run.startedAt || (run.endedAt !== undefined && result.date > run.endedAt));
  const titleNote = (result: Results) => {
    const notes = [
      ...(outsideRun(result) ? [`not from this run: ${minutes(result.date as string)} UTC`] : []),
      ...(result.machineSpeedMs === undefined ? [] : [`speed reading ${formatMs(result.machineSpeedMs)}`]),
    ];
    return notes.length === 0 ? '' : ` (${notes.join('; ')})`;
  };
  const lines = [
    `Commit \`${run?.commit ?? commit()}\`; ${run ? `run ${minutes(run.startedAt)}${run.endedAt ? ` to ${minutes(run.endedAt)}` : ''} UTC` : 'no `make bench` run recorded'}.`,
    `Machine: ${machine}; speed reading ${formatMs(speed)} (lower is faster).`,
    `Load average (1 min): ${run ? run.loadBefore : '?'} before, ${run?.loadAfter ?? '?'} after.`,
    `**${judged.filter((figure) => figure.met).length} of ${judged.length} targets met.**`,
    '',
    '| benchmark | figure | value | target | met |',
    '|---|---|---:|---|:---:|',
    ...results.flatMap((result) =>
      result.figures.map(
        (figure, index) =>
          `| ${index === 0 ? `**${result.bench}**: ${result.title}${titleNote(result)}` : ''} | ${figure.name} | ${formatValue(figure)} | ${figure.target ?? '–'} | ${formatMet(figure.met)} |`,
      ),
    ),
  ];
  if (ignored.length > 0) lines.push('', `Not included: ${ignored.join(', ')}.`);
  return lines.join('\n');
}

async function writeReport(run: Run | undefined): Promise<void> {
  const document = readFileSync(DOCUMENT, 'utf8');
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/PERFORMANCE.md has no ${START} … ${END} markers to write the report between`);
  const body = await section(run);
  writeFileSync(DOCUMENT, `${document.slice(0, start + START.length)}\n${body}\n${document.slice(end)}`);
  console.log(`${body}\n\nReport written to docs/PERFORMANCE.md`);
}

const [step] = process.argv.slice(2);
if (step === 'begin') {
  const run: Run = { commit: commit(), startedAt: new Date().toISOString(), loadBefore: oneMinuteLoad(), machineSpeedMs: machineSpeedMs() };
  writeFileSync(RUN_FILE, `${JSON.stringify(run, null, 2)}\n`);
  console.log(`Benchmarks of ${run.commit} starting, load average ${run.loadBefore}, speed reading ${run.machineSpeedMs} ms`);
} else if (step === 'end') {
  const begun = readRun();
  if (!begun) throw new Error('No benchmark run began (report.ts begin)');
  const run: Run = { ...begun, endedAt: new Date().toISOString(), loadAfter: oneMinuteLoad() };
  writeFileSync(RUN_FILE, `${JSON.stringify(run, null, 2)}\n`);
  await writeReport(run);
  // A benchmark that failed before writing its results leaves the last run's: say so by the exit code.
  const { results } = readResults();
  const missed = results.filter((result) => !result.date || result.date < run.startedAt).map((result) => result.bench);
  if (missed.length > 0) {
    console.error(`Results not renewed by this run (the benchmark failed or did not run): ${missed.join(', ')}`);
    process.exitCode = 1;
  }
} else if (step === undefined) {
  await writeReport(readRun());
} else {
  throw new Error(`Unknown step ${step}: report.ts [begin|end]`);
}
