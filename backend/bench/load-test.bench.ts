import { cpus, loadavg, totalmem } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { forkBenchChild, type BenchChild } from './bench-child.js';
import { withBenchDatabase } from './bench-database.js';
import { atLeast, below, none, reported, writeBenchResults, type BenchFigure } from './bench-results.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import type { LoadCommand, LoadOutcome, LoadReply } from './load-clients.js';
import type { MemoryFigures } from './bench-server.js';
import { serverNodeFlags, startServer, type ServerProcess } from './server-process.js';

/**
 * `npm run bench:load -w backend` (`make bench-load`, part of `make bench`): the live app under a
 * steady load, docs/PERFORMANCE.md "The load test". On the large organisation (large-org.ts), the
 * real app runs in one process as production runs it (bench-server.ts, in-memory adapter); another
 * (load-clients.ts) opens BENCH_LOAD_SOCKETS signed-in sockets as the demo accounts in turn and
 * changes methods at BENCH_LOAD_RATE writes per second, open loop: first for the warm-up
 * (WARM_UP_SECONDS), then for BENCH_LOAD_SECONDS, the measured run. Every client counts every event
 * it should receive, in both. Between the two, with no write in flight, the server's memory is read
 * after a full collection; again at the end. Meanwhile this process samples the server's memory
 * every second (without a collection, which would stall the loop under measure), for the record.
 * Targets: no error and no lost event in either run (the script exits 1 otherwise); in the measured
 * run p99 write-to-event < 100 ms; memory flat after the first 10 s: heap and RSS after a full
 * collection at the end within 10 % of the same after the warm-up (a measured run shorter than
 * 20 s reports it without a verdict). Only collected figures can tell a leak: between collections
 * the heap is a saw-tooth of short-lived objects, and a sample says where on a tooth it was taken.
 */

/** More writes under way than the load's rate and a slow answer ever make (docs/PERFORMANCE.md, "The load test"). */
const LOAD_WRITES_IN_FLIGHT = 10_000;

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_LOAD_SECONDS: z.coerce.number().positive().default(60),
    BENCH_LOAD_SOCKETS: z.coerce.number().int().positive().default(1000),
    BENCH_LOAD_RATE: z.coerce.number().positive().default(50),
    BENCH_LOAD_OUT: z.string().default(fileURLToPath(new URL('./results/load.json', import.meta.url))),
    BENCH_SERVER_NODE_FLAGS: serverNodeFlags,
  })
  .parse(process.env);

const DELIVERY_P99_TARGET_MS = 100;
/** Below this share of the rate asked, the app did not take the load (writes were skipped). */
const RATE_TOLERANCE = 0.95;
/**
 * The first seconds of the load, at the same rate, before the measured run: a server that has just
 * taken a thousand handshakes has not run the write path or a fan-out yet, its JIT is cold, and
 * caches and buffers fill. Its writes are checked like the others (errors, lost events) and its
 * delays reported, not judged; memory is judged from its end ("flat after the first 10 s").
 */
const WARM_UP_SECONDS = 10;
/** A shorter measured run ends too soon after the warm-up for growth to show: its memory is reported, not judged. */
const JUDGED_FROM_SECONDS = 20;
const FLAT_TOLERANCE = 0.1;

interface Sample extends MemoryFigures {
  second: number;
}

const MB = 2 ** 20;
const round = (value: number) => Math.round(value * 10) / 10;

/** Memory as it is, once a second from now until `until` settles. */
async function sampleMemory(server: ServerProcess, until: Promise<unknown>): Promise<Sample[]> {
  const samples: Sample[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const started = performance.now();
  while (!done) {
    samples.push({ second: round((performance.now() - started) / 1000), ...(await server.memory(false)) });
    await Promise.race([delay(1000), until]);
  }
  return samples;
}

/** One run of the writes at `rate` for `seconds`, answered with its figures. */
async function runWrites(clients: BenchChild<LoadCommand, LoadReply>, rate: number, seconds: number): Promise<LoadOutcome> {
  const answer = await clients.ask({ run: { rate, seconds } });
  if (!('outcome' in answer)) throw new Error('No figures from the clients');
  return answer.outcome;
}

const megabytes = ({ rss, heapUsed }: MemoryFigures) => ({ rssMB: round(rss / MB), heapMB: round(heapUsed / MB) });

/** `late` against `early`, as a change in %. */
const change = (early: number, late: number) => round(((late - early) / early) * 100);

function memoryFigure(name: string, value: number): BenchFigure {
  const judged = options.BENCH_LOAD_SECONDS >= JUDGED_FROM_SECONDS;
  if (!judged) return reported(name, value, '%');
  return { name, value, unit: '%', target: `within ±${FLAT_TOLERANCE * 100} %`, met: Math.abs(value) <= FLAT_TOLERANCE * 100 };
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const { BENCH_LOAD_SOCKETS: sockets, BENCH_LOAD_RATE: rate, BENCH_LOAD_SECONDS: seconds } = options;
  // 2,000 methods to write to: a method takes a write only when its last one has answered.
  const dataset = await seedLargeOrganisation(orm, LARGE_ORGANISATION);
  // An empty REDIS_URL counts as unset: one server, the in-memory adapter, whatever the shell says.
  // The load's one writer stands for the many people who write at that rate, so it is not held to
  // one person's writes under way.
  const server = await startServer({
    clientUrl,
    nodeFlags: options.BENCH_SERVER_NODE_FLAGS,
    env: { REDIS_URL: '', WRITES_IN_FLIGHT_PER_PERSON: String(LOAD_WRITES_IN_FLIGHT) },
  });
  const clients = forkBenchChild<LoadCommand, LoadReply>(new URL('./load-clients.ts', import.meta.url), [String(server.port)]);
  try {
    const connected = await clients.ask({ connect: sockets });
    if (!('connected' in connected)) throw new Error('The clients did not connect');
    console.log(`${connected.connected} sockets connected in ${connected.seconds} s; ${rate} writes/s for ${seconds} s…`);
    const beforeLoad = await server.memory();
    const loadBefore = loadavg()[0] ?? 0;
    const warmUp = await runWrites(clients, rate, WARM_UP_SECONDS);
    const afterSettling = await server.memory();
    const running = runWrites(clients, rate, seconds);
    const samples = await sampleMemory(server, running);
    const outcome = await running;
    const loadAfter = loadavg()[0] ?? 0;
    const afterLoad = await server.memory();
    await clients.ask({ disconnect: true });

    const errors = [warmUp, outcome].reduce((sum, run) => sum + run.failedWrites + run.disconnects, 0);
    const lost = warmUp.lost + outcome.lost;
    const heapDrift = change(afterSettling.heapUsed, afterLoad.heapUsed);
    const rssDrift = change(afterSettling.rss, afterLoad.rss);
    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`;
    const nodeFlags = options.BENCH_SERVER_NODE_FLAGS.join(' ') || 'none';
    console.log(`\nMachine: ${machine}; server's Node flags: ${nodeFlags}; load average ${round(loadBefore)} before, ${round(loadAfter)} after`);
    console.log(
      [
        `| sockets | writes/s asked / sent | writes answered | skipped | errors | lost events | write -> event p50 / p99 / max ms | the same in the ${WARM_UP_SECONDS} s warm-up | write answered p99 ms | heap, end vs s 10, collected | RSS, same |`,
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        `| ${sockets.toLocaleString('en')} | ${rate} / ${outcome.achievedRate} | ${outcome.writes} | ${outcome.skipped} | ${errors} | ${lost} | ${outcome.delivery.p50} / ${outcome.delivery.p99} / ${outcome.delivery.max} | ${warmUp.delivery.p50} / ${warmUp.delivery.p99} / ${warmUp.delivery.max} | ${outcome.write.p99} | ${heapDrift} % | ${rssDrift} % |`,
      ].join('\n'),
    );
    const firstFailure = warmUp.firstFailure ?? outcome.firstFailure;
    if (firstFailure) console.log(`First failed write: ${firstFailure}`);

    writeBenchResults(options.BENCH_LOAD_OUT, {
      bench: 'load',
      title: `${sockets.toLocaleString('en')} connected sockets and ${rate} writes/s for ${seconds} s, after a ${WARM_UP_SECONDS} s warm-up, from a separate process`,
      figures: [
        none('errors (failed writes, dropped sockets)', errors),
        none('lost events (expected: writes × sockets)', lost),
        below('write -> event at each socket, p99', outcome.delivery.p99, 'ms', DELIVERY_P99_TARGET_MS),
        reported('write -> event at each socket, p50', outcome.delivery.p50, 'ms'),
        reported(`write -> event at each socket in the ${WARM_UP_SECONDS} s warm-up, p99`, warmUp.delivery.p99, 'ms'),
        atLeast('writes sent per second (the load asked for)', outcome.achievedRate, 'writes/s', Math.round(rate * RATE_TOLERANCE * 10) / 10),
        memoryFigure(`server heap after a full collection, end of the load against second 10, the warm-up's end`, heapDrift),
        memoryFigure(`server RSS after a full collection, end of the load against second 10, the warm-up's end`, rssDrift),
        reported('server heap after a full collection, end of the load against its start', round((afterLoad.heapUsed - beforeLoad.heapUsed) / MB), 'MB'),
      ],
      machine,
      serverNodeFlags: nodeFlags,
      loadAverage: { before: round(loadBefore), after: round(loadAfter) },
      sockets,
      rate,
      seconds,
      dataset,
      warmUp,
      outcome,
      memoryCollected: [
        { at: 'start', ...megabytes(beforeLoad) },
        { at: `after the ${WARM_UP_SECONDS} s warm-up`, ...megabytes(afterSettling) },
        { at: 'end', ...megabytes(afterLoad) },
      ],
      memory: samples.map((sample) => ({ second: sample.second, ...megabytes(sample) })),
    });
    // Targets missed are reported; lost events and errors are failures.
    if (errors > 0 || lost > 0) process.exitCode = 1;
  } finally {
    clients.stop();
    await server.stop();
  }
});
