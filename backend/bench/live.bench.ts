import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { forgetRedisKeys, redisAnswers } from '../src/test/redis.js';
import { forkBenchChild } from './bench-child.js';
import { withBenchDatabase } from './bench-database.js';
import { below, none, reported, writeBenchResults, type BenchFigure } from './bench-results.js';
import type { ClientCommand, ClientReply, Deliveries } from './live-clients.js';
import { percentile } from './load.js';
import { serverNodeFlags, startServer, type ServerProcess } from './server-process.js';

/**
 * `npm run bench:live -w backend` (also part of `make bench`): how fast a committed write reaches
 * every open screen. The real app runs in one process (bench-server.ts, as production
 * runs it); 100 and then 1,000 Socket.IO clients run in another (live-clients.ts), which also makes
 * the REST writes, so the write's response and each event's arrival are read on one clock. For each
 * write: the delay from its response to the event at each client, and to the last client. Memory
 * per connection is the server's RSS and heap growth (after a full GC) divided by the clients.
 * With Redis reachable, the 1,000-client run is repeated with the Redis Streams adapter.
 * Targets: at 1,000 clients, p50 < 25 ms and p99 < 100 ms to the last client.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_LIVE_CLIENTS: z
      .string()
      .default('100,1000')
      .transform((text) => text.split(',').map(Number))
      .pipe(z.array(z.number().int().positive()).min(1)),
    BENCH_LIVE_WRITES: z.coerce.number().int().positive().default(100),
    BENCH_LIVE_WARMUP: z.coerce.number().int().nonnegative().default(5),
    /** `off` skips the run with the Redis adapter. */
    BENCH_REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    BENCH_LIVE_OUT: z.string().default(fileURLToPath(new URL('./results/live.json', import.meta.url))),
    BENCH_SERVER_NODE_FLAGS: serverNodeFlags,
  })
  .parse(process.env);

const TARGETS = { p50: 25, p99: 100 } as const;
/** A client that only polled every 30 s would show a change on average 15 s after it was made. */
const POLLING_MEAN_STALENESS_MS = 15_000;

interface Run {
  adapter: 'in-memory' | 'redis-streams';
  clients: number;
  writes: number;
  connectSeconds: number;
  delivery: { p50: number; p99: number; mean: number };
  lastClient: { p50: number; p99: number; max: number };
  write: { p50: number; p99: number };
  beforeResponse: number;
  missing: number;
  memoryPerConnection: { rssKiB: number; heapKiB: number };
  pollingRatio: number;
  loadAverage: { before: number; after: number };
}

const round = (value: number) => Math.round(value * 10) / 10;

async function measure(server: ServerProcess, adapter: Run['adapter'], clients: number): Promise<Run> {
  const load = forkBenchChild<ClientCommand, ClientReply>(new URL('./live-clients.ts', import.meta.url), [String(server.port)]);
  try {
    const before = await server.memory();
    const connected = await load.ask({ connect: clients });
    if (!('connected' in connected)) throw new Error('Clients did not connect');
    const after = await server.memory();
    const loadBefore = loadavg()[0] ?? 0;
    const answer = await load.ask({ measure: { writes: options.BENCH_LIVE_WRITES, warmup: options.BENCH_LIVE_WARMUP } });
    const loadAfter = loadavg()[0] ?? 0;
    if (!('deliveries' in answer)) throw new Error('No figures from the clients');
    await load.ask({ disconnect: true });
    const { latencies, toLastClient, beforeResponse, missing, writeLatencies }: Deliveries = answer.deliveries;
    const sorted = [...latencies].sort((a, b) => a - b);
    const last = [...toLastClient].sort((a, b) => a - b);
    const writes = [...writeLatencies].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
    const p50 = percentile(sorted, 50);
    return {
      adapter,
      clients,
      writes: toLastClient.length,
      connectSeconds: connected.seconds,
      delivery: { p50: round(p50), p99: round(percentile(sorted, 99)), mean: round(mean) },
      lastClient: { p50: round(percentile(last, 50)), p99: round(percentile(last, 99)), max: round(last.at(-1) ?? Number.NaN) },
      write: { p50: round(percentile(writes, 50)), p99: round(percentile(writes, 99)) },
      beforeResponse,
      missing,
      memoryPerConnection: { rssKiB: round((after.rss - before.rss) / 1024 / clients), heapKiB: round((after.heapUsed - before.heapUsed) / 1024 / clients) },
      pollingRatio: Math.round(POLLING_MEAN_STALENESS_MS / Math.max(p50, 0.1)),
      loadAverage: { before: round(loadBefore), after: round(loadAfter) },
    };
  } finally {
    load.stop();
  }
}

function table(runs: Run[]): string {
  const met = (run: Run) => (run.clients >= 1000 ? (run.lastClient.p50 < TARGETS.p50 && run.lastClient.p99 < TARGETS.p99 ? 'yes' : 'no') : '–');
  return [
    '| adapter | clients | writes | each client p50 / p99 / mean ms | last client p50 / p99 / max ms | write p50 ms | RSS / heap per connection KiB | vs 30 s polling | load avg | target met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...runs.map(
      (run) =>
        `| ${run.adapter} | ${run.clients.toLocaleString('en')} | ${run.writes} | ${run.delivery.p50} / ${run.delivery.p99} / ${run.delivery.mean} | ${run.lastClient.p50} / ${run.lastClient.p99} / ${run.lastClient.max} | ${run.write.p50} | ${run.memoryPerConnection.rssKiB} / ${run.memoryPerConnection.heapKiB} | ${run.pollingRatio.toLocaleString('en')}× | ${run.loadAverage.before}–${run.loadAverage.after} | ${met(run)} |`,
    ),
  ].join('\n');
}

/** The headline figures of one run: the targets apply at 1,000 clients and more. */
function runFigures(run: Run): BenchFigure[] {
  const label = `${run.clients.toLocaleString('en')} sockets, ${run.adapter}, write to last client`;
  const figure = (statistic: 'p50' | 'p99') =>
    run.clients >= 1000 ? below(`${label} ${statistic}`, run.lastClient[statistic], 'ms', TARGETS[statistic]) : reported(`${label} ${statistic}`, run.lastClient[statistic], 'ms');
  return [figure('p50'), figure('p99'), reported(`${run.clients.toLocaleString('en')} sockets, ${run.adapter}, RSS per connection`, run.memoryPerConnection.rssKiB, 'KiB')];
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ clientUrl }) => {
  const runs: Run[] = [];
  // An empty REDIS_URL counts as unset: this one uses the in-memory adapter whatever the shell says.
  const nodeFlags = options.BENCH_SERVER_NODE_FLAGS;
  const plain = await startServer({ clientUrl, nodeFlags, env: { REDIS_URL: '' } });
  try {
    for (const clients of options.BENCH_LIVE_CLIENTS) {
      const run = await measure(plain, 'in-memory', clients);
      runs.push(run);
      console.log(`  in-memory, ${clients} clients: last client p50 ${run.lastClient.p50} ms, p99 ${run.lastClient.p99} ms`);
    }
  } finally {
    await plain.stop();
  }

  if (options.BENCH_REDIS_URL !== 'off' && (await redisAnswers(options.BENCH_REDIS_URL))) {
    const prefix = `v2mom-bench-${randomBytes(4).toString('hex')}`;
    const clustered = await startServer({ clientUrl, nodeFlags, env: { REDIS_URL: options.BENCH_REDIS_URL, REDIS_PREFIX: prefix } });
    try {
      const clients = Math.max(...options.BENCH_LIVE_CLIENTS);
      const run = await measure(clustered, 'redis-streams', clients);
      runs.push(run);
      console.log(`  redis-streams, ${clients} clients: last client p50 ${run.lastClient.p50} ms, p99 ${run.lastClient.p99} ms`);
    } finally {
      await clustered.stop();
      await forgetRedisKeys(options.BENCH_REDIS_URL, prefix);
    }
  } else {
    console.log(`  Redis does not answer at ${options.BENCH_REDIS_URL}: the run with the Redis adapter is skipped`);
  }

  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`;
  const flags = nodeFlags.join(' ') || 'none';
  console.log(`\nMachine: ${machine}; server's Node flags: ${flags}; ${options.BENCH_LIVE_WRITES} writes per run after ${options.BENCH_LIVE_WARMUP} warm-up writes\n`);
  console.log(table(runs));
  const missing = runs.reduce((sum, run) => sum + run.missing, 0);
  console.log(`\nEvents that never arrived: ${missing}. Target at 1,000 clients: last client p50 < ${TARGETS.p50} ms and p99 < ${TARGETS.p99} ms.`);
  writeBenchResults(options.BENCH_LIVE_OUT, {
    bench: 'live',
    title: `A write reaching every open socket, ${options.BENCH_LIVE_WRITES} writes per run`,
    figures: [...runs.flatMap(runFigures), none('events that never arrived', missing)],
    machine,
    serverNodeFlags: flags,
    targets: TARGETS,
    runs,
  });
});
