import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { fixtures } from '../src/test/fixtures.js';
import { forgetRedisKeys, redisAnswers } from '../src/test/redis.js';
import { withBenchDatabase } from './bench-database.js';
import { below, none, reported, writeBenchResults } from './bench-results.js';
import { login, percentile, send } from './load.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * `npm run bench:write-burst -w backend` (`make bench-write-burst`, part of `make bench`): one
 * person's burst of writes at one row, docs/PERFORMANCE.md "One person's burst of writes". Two
 * servers, each the real app in its own process with its own pool (bench-server.ts), share a
 * scratch database with the demo organisation and Redis (BENCH_REDIS_URL). After one burst that
 * warms the servers' pools, each of BENCH_BURST_ROUNDS rounds `member` sends BENCH_BURST_WRITES
 * PUTs of one method of theirs (its progress) at once, alternately to the two servers, while
 * `viewer` reads the demo's largest V2MOM document on both servers, one read after another on
 * each, from the burst's start to its last answer. Figures: the viewer's read p95 during the
 * bursts (target < 500 ms, a third of the 1.5 s a request waits for a connection before it
 * answers 503), its answers other than 200 and the burst's 5xx (target none), and how the burst
 * was answered; the same reads with no burst, for comparison.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    BENCH_BURST_WRITES: z.coerce.number().int().positive().default(150),
    BENCH_BURST_ROUNDS: z.coerce.number().int().positive().default(5),
    BENCH_WRITE_BURST_OUT: z.string().default(fileURLToPath(new URL('./results/write-burst.json', import.meta.url))),
  })
  .parse(process.env);

const TARGET_READ_P95_MS = 500;
/** How long the reads with no burst run, for comparison. */
const QUIET_READS_MS = 2_000;

const round = (value: number) => Math.round(value * 10) / 10;

interface Sample {
  status: number;
  ms: number;
}

/** Each server seals sessions with its own secret: a person signs in on each. */
interface Session {
  server: ServerProcess;
  cookie: string;
}

/** One read after another on `port` until `stop` resolves; each answer's status and time. */
async function readUntil(port: number, path: string, cookie: string, stop: Promise<unknown>): Promise<Sample[]> {
  const agent = new Agent({ keepAlive: true });
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const samples: Sample[] = [];
  while (!stopped) {
    const startedAt = performance.now();
    const { status } = await send(agent, port, 'GET', path, cookie);
    samples.push({ status, ms: performance.now() - startedAt });
  }
  agent.destroy();
  return samples;
}

/** Every write of the burst at once, alternately to each server; answers their statuses. */
async function burst(sessions: readonly Session[], path: string): Promise<number[]> {
  const agent = new Agent({ keepAlive: true });
  try {
    const writes = Array.from({ length: options.BENCH_BURST_WRITES }, (_, index) => {
      const { server, cookie } = sessions[index % sessions.length] as Session;
      return send(agent, server.port, 'PUT', path, cookie, { progress: index % 101 }).then(
        (answer) => answer.status,
        () => 0,
      );
    });
    return await Promise.all(writes);
  } finally {
    agent.destroy();
  }
}

const countOf = (statuses: readonly number[], matches: (status: number) => boolean) => statuses.filter(matches).length;

if (!(await redisAnswers(options.BENCH_REDIS_URL))) {
  throw new Error(`Redis does not answer at ${options.BENCH_REDIS_URL} (BENCH_REDIS_URL): the two servers share it`);
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const own = await fixtures(orm).v2mom('member', 'member');
  const [largest] = await orm.em
    .fork()
    .getConnection()
    .execute<Array<{ id: number }>>('select v2mom_id as id from method group by v2mom_id order by count(*) desc, v2mom_id limit 1');
  if (!largest) throw new Error('The demo organisation has no method');
  const readPath = `/api/v2moms/${largest.id}/complete`;
  const writePath = `/api/methods/${own.method.id}`;

  const prefix = `v2mom-bench-${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL: options.BENCH_REDIS_URL, REDIS_PREFIX: prefix };
  const servers = [await startServer({ clientUrl, env }), await startServer({ clientUrl, env })];
  try {
    const sessionsOf = (username: string) => Promise.all(servers.map(async (server) => ({ server, cookie: await login(server.port, username) })));
    const [writer, reader] = [await sessionsOf('member'), await sessionsOf('viewer')];
    const readEverywhere = (stop: Promise<unknown>) => Promise.all(reader.map(({ server, cookie }) => readUntil(server.port, readPath, cookie, stop)));

    // A first burst on servers just started finds their pools empty: 150 sessions looked up at once
    // wait for new connections (docs/PERFORMANCE.md). Running servers have theirs open.
    const warmUp = await burst(writer, writePath);
    console.log(`Warm-up burst (not measured): ${countOf(warmUp, (s) => s === 200)} × 200, ${countOf(warmUp, (s) => s === 429)} × 429, ${countOf(warmUp, (s) => s === 503)} × 503`);
    const quiet = (await readEverywhere(new Promise((resolve) => setTimeout(resolve, QUIET_READS_MS)))).flat();
    const during: Sample[] = [];
    const statuses: number[] = [];
    for (let index = 1; index <= options.BENCH_BURST_ROUNDS; index++) {
      const written = burst(writer, writePath);
      const [answers, reads] = await Promise.all([written, readEverywhere(written)]);
      statuses.push(...answers);
      during.push(...reads.flat());
      console.log(
        `Round ${index}: burst ${countOf(answers, (s) => s === 200)} × 200, ${countOf(answers, (s) => s === 429)} × 429, ${countOf(answers, (s) => s === 503)} × 503; ` +
          `${reads.flat().length} reads, ${countOf(reads.flat().map((r) => r.status), (s) => s !== 200)} not 200`,
      );
    }

    const p95 = (samples: readonly Sample[]) => round(percentile(samples.map((sample) => sample.ms).sort((a, b) => a - b), 95));
    const figures = [
      below("another person's read during the bursts, p95", p95(during), 'ms', TARGET_READ_P95_MS),
      none("another person's reads answered other than 200 during the bursts", countOf(during.map((sample) => sample.status), (status) => status !== 200)),
      none('burst writes answered 5xx or not at all', countOf(statuses, (status) => status >= 500 || status === 0)),
      reported('burst writes answered 429', countOf(statuses, (status) => status === 429), 'count'),
      reported('burst writes answered 200', countOf(statuses, (status) => status === 200), 'count'),
      reported("another person's read with no burst, p95", p95(quiet), 'ms'),
    ];
    const cpu = cpus();
    writeBenchResults(options.BENCH_WRITE_BURST_OUT, {
      bench: 'write-burst',
      title: `One person's ${options.BENCH_BURST_WRITES} writes at once to one method, over two servers sharing Redis, × ${options.BENCH_BURST_ROUNDS}`,
      figures,
      machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`,
      readsDuring: during.length,
      readsQuiet: quiet.length,
      burstStatuses: Object.fromEntries([...new Set(statuses)].sort().map((status) => [status, countOf(statuses, (s) => s === status)])),
    });
    for (const figure of figures) console.log(`${figure.met === false ? '✗' : '✓'} ${figure.name}: ${figure.value} ${figure.unit}${figure.target ? ` (target ${figure.target})` : ''}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await forgetRedisKeys(options.BENCH_REDIS_URL, prefix);
  }
});
