import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { WEEKS_OF_CHECK_INS } from '../../backend/src/seeds/company/company-size.ts';
import { forgetRedisKeys, redisAnswers } from '../../backend/src/test/redis.ts';
import { copyDatabase, dropDatabase } from '../support/empty-database.ts';

/** What the company benches (company.bench.ts, write-cost.bench.ts, call-cost.bench.ts, alignment-map.bench.ts) need of their copy of a `make seed-company` database. */

const WEEK_MS = 7 * 86_400_000;

/** The company database a bench copies (`make seed-company`; company_20k by default), and the Redis its servers share. */
export const COMPANY_BENCH_SOURCES = {
  source: process.env.BENCH_COMPANY_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/company_20k',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** Runs `work` with a client connected to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Vacuums and analyses the copy, as autovacuum would have done to a database in service: a seed
 * made before the seed did so itself, on a server where autovacuum is off, has no page marked
 * all-visible, and every count would read the tables' pages besides its index. Seconds when the
 * source was vacuumed: a copy keeps its visibility map.
 */
const vacuum = (url: string) => withClient(url, (client) => client.query('vacuum (analyze)')).then(() => undefined);

/**
 * Ends the write-ahead log's checkpoint interval the copy opened: copying and vacuuming hundreds of
 * megabytes filled the log, and the checkpoints that follow would fall within the bench, where each
 * page first written after one goes into the log whole. Once this one is through, the next is a
 * timed one, `checkpoint_timeout` away (5 min by default): the bench runs between two, as most of
 * a database's busy minutes do (docs/PERFORMANCE.md#company).
 */
const checkpoint = (url: string) => withClient(url, (client) => client.query('checkpoint')).then(() => undefined);

/** A bench's own copy of a company database, and what its servers keep beside it. */
export interface CompanyCopy {
  url: string;
  /** The copy's name, as PostgreSQL's statistics name it. */
  database: string;
  /** The servers' data folder: they share the session secret kept there, so a cookie serves every one. */
  dataDir: string;
  /** The servers' Redis key prefix (REDIS_PREFIX), apart from any other run's. */
  redisPrefix: string;
}

/**
 * Runs `work` on a vacuumed and checkpointed copy of `source` named `<name>_<random>`, then drops the copy, its data
 * folder and, given `redisUrl` (checked to answer first: the servers share it), its Redis keys.
 */
export async function withCompanyCopy<T>(source: string, name: string, redisUrl: string | undefined, work: (copy: CompanyCopy) => Promise<T>): Promise<T> {
  if (redisUrl && !(await redisAnswers(redisUrl))) throw new Error(`Redis does not answer at ${redisUrl} (BENCH_REDIS_URL): the servers share it`);
  const suffix = randomBytes(4).toString('hex');
  const url = new URL(source);
  url.pathname = `/${name}_${suffix}`;
  const copy: CompanyCopy = {
    url: url.toString(),
    database: url.pathname.slice(1),
    dataDir: mkdtempSync(join(tmpdir(), `v2mom-${name}-`)),
    redisPrefix: `v2mom-${name}-${suffix}`,
  };
  try {
    console.log(`Copying ${new URL(source).pathname.slice(1)} to ${copy.database}…`);
    await copyDatabase(source, copy.url);
    await vacuum(copy.url);
    await checkpoint(copy.url);
    return await work(copy);
  } finally {
    rmSync(copy.dataDir, { recursive: true, force: true });
    await dropDatabase(copy.url);
    if (redisUrl) await forgetRedisKeys(redisUrl, copy.redisPrefix);
  }
}

/** The seed's day: it stamps every department a year of weeks (and one) before it (backend/src/seeds/company). */
export async function seedDay(client: pg.Client): Promise<Date> {
  const { rows: [since] } = await client.query<{ at: Date }>('select min(created_at) as at from department');
  if (!since) throw new Error('The database has no department: seed it with make seed-company');
  return new Date(since.at.getTime() + (WEEKS_OF_CHECK_INS + 1) * WEEK_MS);
}

/**
 * The servers' clock: on the seed's own day the system's clock is that day. Set, CLOCK_START gives
 * each server a pg-boss TestClock, which keeps one clock table a database: several servers drop and
 * re-create it under each other, and one of them failed on it mid-run.
 */
export const clockOf = (day: Date): Record<string, string> =>
  day.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10) ? {} : { CLOCK_START: day.toISOString() };
