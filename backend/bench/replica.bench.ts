import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ZValueListSchema, ZValueSchema, type TValue } from '@v2mom/contracts';
import { bootstrap } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { ormModel } from '../src/modules/orm-model.js';
import { REPLICA_CATCH_UP_MS } from '../src/db/replica-reads.js';
import { seedDemo } from '../src/seeds/demo/seed-demo.js';
import { loadEnv } from '../src/env.js';
import { now } from '../src/server-clock.js';
import { fixtures } from '../src/test/fixtures.js';
import { postgresPrograms, requirePostgresPrograms, startReplicatedPostgres } from '../src/test/replicated-postgres.js';
import { atLeast, below, none, reported, writeBenchResults } from './bench-results.js';
import { login, percentile } from './load.js';

/**
 * `make bench-replica`: reads from a streaming replica under a little write load
 * (docs/PRODUCT.md#read-replica). A throwaway primary and its standby run on ports 25442 and
 * 25443; the real app runs in this process on both. BENCH_REPLICA_READERS people read a V2MOM's
 * values without pause while BENCH_REPLICA_WRITERS people each change a value of their own, then
 * read the list back, BENCH_REPLICA_WRITE_GAP_MS apart. Figures: the share of reads the replica
 * answered (each read of the list selects the values once, on the replica or on the primary), how long
 * a writer's next read waited for the replica to replay the write (target: below the bounded
 * wait, i.e. the replica caught up rather than the primary answering) and how long the others'
 * reads waited (the time until the read's connection is chosen, the primary's WAL position asked
 * included), and writes missing from the writer's next read (target 0).
 */
const options = z
  .object({
    BENCH_REPLICA_SECONDS: z.coerce.number().positive().default(15),
    BENCH_REPLICA_READERS: z.coerce.number().int().positive().default(4),
    BENCH_REPLICA_WRITERS: z.coerce.number().int().positive().default(2),
    BENCH_REPLICA_WRITE_GAP_MS: z.coerce.number().int().nonnegative().default(50),
    BENCH_REPLICA_OUT: z.string().default(fileURLToPath(new URL('./results/replica.json', import.meta.url))),
  })
  .parse(process.env);

const TARGETS = { replicaSharePercent: 50 } as const;
const WRITER_HEADER = 'x-bench-writer';

const programs = await postgresPrograms('the replica benchmark');
requirePostgresPrograms(programs);
console.log('Starting a primary and a streaming standby…');
const postgres = await startReplicatedPostgres(programs.binDir, { primaryPort: 25442, standbyPort: 25443 });
try {
  const database = await openDatabase({ kind: 'postgresql', clientUrl: postgres.primaryUrl, readClientUrl: postgres.standbyUrl }, ormModel);
  const { orm } = database;
  await orm.migrator.up();
  await seedDemo(orm, 'demo1234', now());
  const replica = database.replica;
  if (!replica) throw new Error('The database opened without its replica');

  // Reads of the list the replica answered: each runs this statement once (value.read.ts), on one server or the other.
  let replicaReads = 0;
  const replicaConnection = orm.em.getDriver().getConnection('read');
  const execute = replicaConnection.execute.bind(replicaConnection);
  replicaConnection.execute = ((...args: Parameters<typeof execute>) => {
    if (String(args[0]).includes('from "value" as "val"')) replicaReads++;
    return execute(...args);
  }) as typeof execute;
  // How long each read waited for the replica (a writer's apart): the time until the scope lets it through.
  const writerWaits: number[] = [];
  const readerWaits: number[] = [];
  const scope = replica.scope;
  const timedScope: RequestHandler = (req, res, next) => {
    const started = performance.now();
    scope(req, res, (...args: unknown[]) => {
      if (req.method === 'GET') (req.headers[WRITER_HEADER] ? writerWaits : readerWaits).push(performance.now() - started);
      (next as (...rest: unknown[]) => void)(...args);
    });
  };
  Object.defineProperty(replica, 'scope', { value: timedScope });

  const env = loadEnv({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: postgres.primaryUrl,
    DATABASE_READ_URL: postgres.standbyUrl,
  });
  const app = await bootstrap({ env, database });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await login(port);
    const v2mom = await fixtures(orm).v2mom('admin', 'admin', options.BENCH_REPLICA_WRITERS);
    const valuesPath = `${base}/api/v2moms/${v2mom.id}/values`;
    const readValues = async (headers: Record<string, string> = {}): Promise<TValue[]> => {
      const response = await fetch(valuesPath, { headers: { cookie, ...headers } });
      if (response.status !== 200) throw new Error(`Reading the values answered ${response.status}`);
      return ZValueListSchema.parse(await response.json());
    };
    const values = await readValues();
    await postgres.caughtUp();
    replicaReads = 0;
    readerWaits.length = 0;

    const endAt = performance.now() + options.BENCH_REPLICA_SECONDS * 1000;
    let reads = 0;
    let writes = 0;
    let missing = 0;
    const readLatencies: number[] = [];
    async function reader(): Promise<void> {
      while (performance.now() < endAt) {
        const started = performance.now();
        await readValues();
        readLatencies.push(performance.now() - started);
        reads++;
      }
    }
    async function writer(value: TValue, index: number): Promise<void> {
      let version = value.version;
      while (performance.now() < endAt) {
        const description = `Replica bench write ${index}.${++writes}`;
        const response = await fetch(`${base}/api/values/${value.id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ version, description }),
        });
        if (response.status !== 200) throw new Error(`A write answered ${response.status}`);
        version = ZValueSchema.parse(await response.json()).version;
        const seen = await readValues({ [WRITER_HEADER]: String(index) });
        reads++;
        if (seen.find((each) => each.id === value.id)?.description !== description) missing++;
        await new Promise((resolve) => setTimeout(resolve, options.BENCH_REPLICA_WRITE_GAP_MS));
      }
    }
    await Promise.all([
      ...Array.from({ length: options.BENCH_REPLICA_READERS }, () => reader()),
      ...values.map((value, index) => writer(value, index)),
    ]);

    const round = (ms: number) => Math.round(ms * 10) / 10;
    const sortedWaits = [...writerWaits].sort((a, b) => a - b);
    const sortedReaderWaits = [...readerWaits].sort((a, b) => a - b);
    const sortedReads = [...readLatencies].sort((a, b) => a - b);
    const replicaShare = round((replicaReads / reads) * 100);
    const figures = [
      atLeast('reads answered by the replica', replicaShare, '%', TARGETS.replicaSharePercent),
      below("a writer's next read waiting for the replica, p95", round(percentile(sortedWaits, 95)), 'ms', REPLICA_CATCH_UP_MS),
      reported("a writer's next read waiting for the replica, max", round(sortedWaits.at(-1) ?? Number.NaN), 'ms'),
      reported("another person's read waiting for the replica, p95", round(percentile(sortedReaderWaits, 95)), 'ms'),
      reported('a read of the list, p95', round(percentile(sortedReads, 95)), 'ms'),
      none("writes missing from the writer's next read", missing),
    ];
    writeBenchResults(options.BENCH_REPLICA_OUT, {
      bench: 'replica',
      title: `Reads from a streaming replica: ${options.BENCH_REPLICA_READERS} readers, ${options.BENCH_REPLICA_WRITERS} writers ${options.BENCH_REPLICA_WRITE_GAP_MS} ms apart, ${options.BENCH_REPLICA_SECONDS} s`,
      figures,
      reads,
      writes,
      replicaReads,
    });
    for (const figure of figures) console.log(`${figure.met === false ? '✗' : '✓'} ${figure.name}: ${figure.value} ${figure.unit}${figure.target ? ` (target ${figure.target})` : ''}`);
  } finally {
    await app.close();
  }
} finally {
  await postgres.stop();
}
