import { cpus, loadavg, totalmem } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { forkBenchChild } from './bench-child.js';
import { withBenchDatabase } from './bench-database.js';
import { atLeast, below, none, reported, writeBenchResults, type BenchFigure } from './bench-results.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import type { LoadCommand, LoadOutcome, LoadReply } from './load-clients.js';
import type { MemoryFigures } from './bench-server.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * `npm run bench:load -w backend` (`make bench-load`, part of `make bench`): the live app under a
 * steady load, docs/PERFORMANCE.md "The load test". On the large organisation (large-org.ts), the
 * real app runs in one process as production runs it (bench-server.ts, in-memory adapter); another (load-clients.ts) opens BENCH_LOAD_SOCKETS
 * signed-in sockets as the demo accounts in turn and changes methods at BENCH_LOAD_RATE writes per
 * second for BENCH_LOAD_SECONDS, open loop. Every client counts every event it should receive.
 * Meanwhile this process samples the server's memory every second (without a collection, which
 * would stall the loop under measure), for the record.
 * Targets: no error and no lost event (the script exits 1 otherwise), p99 write-to-event < 100 ms,
 * memory flat after the first 10 s: heap and RSS after a full collection at the end of the load
 * within 10 % of the same at second 10 (runs shorter than 30 s report it without a verdict). Only
 * collected figures can tell a leak: between collections the heap is a saw-tooth of short-lived
 * objects, and a sample says where on a tooth it was taken. The one collection at second 10 stalls
 * the server once, for tens of milliseconds, and the write-to-event figures include that stall.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_LOAD_SECONDS: z.coerce.number().positive().default(60),
    BENCH_LOAD_SOCKETS: z.coerce.number().int().positive().default(1000),
    BENCH_LOAD_RATE: z.coerce.number().positive().default(50),
    BENCH_LOAD_OUT: z.string().default(fileURLToPath(new URL('./results/load.json', import.meta.url))),
  })
  .parse(process.env);

const DELIVERY_P99_TARGET_MS = 100;
/** Below this share of the rate asked, the app did not take the load (writes were skipped). */
const RATE_TOLERANCE = 0.95;
/** Memory is judged after the start-up of the load: caches fill, buffers grow, the JIT settles. */
const SETTLE_SECONDS = 10;
/** A shorter run ends too near second 10 for growth to show: its memory is reported, not judged. */
const JUDGED_FROM_SECONDS = 30;
const FLAT_TOLERANCE = 0.1;
/**
 * The start of the load is also left out of a second, reported p99: a server that has just taken
 * a thousand handshakes has not yet run the write path, its JIT is cold, and the first seconds'
 * writes can queue behind one another. The target is judged on the whole run.
 */
const WARM_UP_MS = 5_000;

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
  const server = await startServer({ clientUrl, env: { REDIS_URL: '' } });
  const clients = forkBenchChild<LoadCommand, LoadReply>(new URL('./load-clients.ts', import.meta.url), [String(server.port)]);
  try {
    const connected = await clients.ask({ connect: sockets });
    if (!('connected' in connected)) throw new Error('The clients did not connect');
    console.log(`${connected.connected} sockets connected in ${connected.seconds} s; ${rate} writes/s for ${seconds} s…`);
    const beforeLoad = await server.memory();
    const loadBefore = loadavg()[0] ?? 0;
    const running = clients.ask({ run: { rate, seconds, warmUpMs: WARM_UP_MS } });
    const settled = delay(SETTLE_SECONDS * 1000).then(() => server.memory());
    const samples = await sampleMemory(server, running);
    const answer = await running;
    if (!('outcome' in answer)) throw new Error('No figures from the clients');
    const loadAfter = loadavg()[0] ?? 0;
    const [afterSettling, afterLoad] = [await settled, await server.memory()];
    await clients.ask({ disconnect: true });

    const outcome: LoadOutcome = answer.outcome;
    const errors = outcome.failedWrites + outcome.disconnects;
    const heapDrift = change(afterSettling.heapUsed, afterLoad.heapUsed);
    const rssDrift = change(afterSettling.rss, afterLoad.rss);
    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`;
    console.log(`\nMachine: ${machine}; load average ${round(loadBefore)} before, ${round(loadAfter)} after`);
    console.log(
      [
        `| sockets | writes/s asked / sent | writes answered | skipped | errors | lost events | write -> event p50 / p99 / max ms | the same after ${WARM_UP_MS / 1000} s | write answered p99 ms | heap, end vs s 10, collected | RSS, same |`,
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        `| ${sockets.toLocaleString('en')} | ${rate} / ${outcome.achievedRate} | ${outcome.writes} | ${outcome.skipped} | ${errors} | ${outcome.lost} | ${outcome.delivery.p50} / ${outcome.delivery.p99} / ${outcome.delivery.max} | ${outcome.deliveryAfterWarmUp.p50} / ${outcome.deliveryAfterWarmUp.p99} / ${outcome.deliveryAfterWarmUp.max} | ${outcome.write.p99} | ${heapDrift} % | ${rssDrift} % |`,
      ].join('\n'),
    );
    if (outcome.firstFailure) console.log(`First failed write: ${outcome.firstFailure}`);

    writeBenchResults(options.BENCH_LOAD_OUT, {
      bench: 'load',
      title: `${sockets.toLocaleString('en')} connected sockets and ${rate} writes/s for ${seconds} s from a separate process`,
      figures: [
        none('errors (failed writes, dropped sockets)', errors),
        none('lost events (expected: writes × sockets)', outcome.lost),
        below('write -> event at each socket, p99', outcome.delivery.p99, 'ms', DELIVERY_P99_TARGET_MS),
        reported('write -> event at each socket, p50', outcome.delivery.p50, 'ms'),
        reported(`write -> event at each socket, p99 of the writes after the first ${WARM_UP_MS / 1000} s`, outcome.deliveryAfterWarmUp.p99, 'ms'),
        atLeast('writes sent per second (the load asked for)', outcome.achievedRate, 'writes/s', Math.round(rate * RATE_TOLERANCE * 10) / 10),
        memoryFigure('server heap after a full collection, end of the load against second 10', heapDrift),
        memoryFigure('server RSS after a full collection, end of the load against second 10', rssDrift),
        reported('server heap after a full collection, end of the load against its start', round((afterLoad.heapUsed - beforeLoad.heapUsed) / MB), 'MB'),
      ],
      machine,
      loadAverage: { before: round(loadBefore), after: round(loadAfter) },
      sockets,
      rate,
      seconds,
      dataset,
      outcome,
      memoryCollected: [
        { at: 'start', ...megabytes(beforeLoad) },
        { at: `second ${SETTLE_SECONDS}`, ...megabytes(afterSettling) },
        { at: 'end', ...megabytes(afterLoad) },
      ],
      memory: samples.map((sample) => ({ second: sample.second, ...megabytes(sample) })),
    });
    // Targets missed are reported; lost events and errors are failures.
    if (errors > 0 || outcome.lost > 0) process.exitCode = 1;
  } finally {
    clients.stop();
    await server.stop();
  }
});
