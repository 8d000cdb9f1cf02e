import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { fixtures } from '../src/test/fixtures.js';
import { TcpProxy } from '../src/test/tcp-proxy.js';
import { withBenchDatabase } from './bench-database.js';
import { below, none, writeBenchResults } from './bench-results.js';
import { percentile } from './load.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench:faults -w backend` (also part of `make bench`): PostgreSQL going away under
 * writes, several times over (docs/PRODUCT.md#when-the-database-is-away). The real app runs in its
 * own process and reaches a scratch database through a TCP proxy in this one; closing the proxy
 * is the outage. Writers post methods without pause; each cycle keeps the database away for
 * BENCH_FAULTS_DOWN_MS, then brings it back. Figures: how long answers take while it is away
 * (target: all within 2 s, all 503), how long after its return the first write succeeds (target
 * < 10 s), acknowledged writes missing afterwards (target 0), and that the same process still
 * answers its health check.
 */
const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_FAULTS_CYCLES: z.coerce.number().int().positive().default(5),
    BENCH_FAULTS_DOWN_MS: z.coerce.number().int().positive().default(3_000),
    BENCH_FAULTS_WRITERS: z.coerce.number().int().positive().default(4),
    BENCH_FAULTS_OUT: z.string().default(fileURLToPath(new URL('./results/faults.json', import.meta.url))),
  })
  .parse(process.env);

const TARGETS = { answerMs: 2_000, recoveryMs: 10_000 } as const;

interface Attempt {
  description: string;
  status: number;
  startedAt: number;
  ms: number;
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const proxy = await TcpProxy.start(clientUrl);
  const server = await startServer({ clientUrl: proxy.url(clientUrl) });
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const v2momId = (await fixtures(orm).v2mom('admin')).id;

    const attempts: Attempt[] = [];
    let counter = 0;
    let writing = true;
    async function writer(): Promise<void> {
      while (writing) {
        const description = `Fault bench write ${++counter}`;
        const startedAt = performance.now();
        const response = await fetch(`${base}/api/methods`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ v2momId, description }),
        });
        await response.arrayBuffer();
        attempts.push({ description, status: response.status, startedAt, ms: performance.now() - startedAt });
      }
    }
    /** Waits for an attempt started at or after `since` with `status`, checking as attempts land. */
    async function firstAttempt(status: number, since: number, withinMs: number): Promise<Attempt> {
      const deadline = performance.now() + withinMs;
      for (;;) {
        const found = attempts.find((attempt) => attempt.startedAt >= since && attempt.status === status);
        if (found) return found;
        if (performance.now() > deadline) throw new Error(`No ${status} within ${withinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const writers = Array.from({ length: options.BENCH_FAULTS_WRITERS }, () => writer());

    const outageAnswers: number[] = [];
    const recoveries: number[] = [];
    let unexpected = 0;
    for (let cycle = 1; cycle <= options.BENCH_FAULTS_CYCLES; cycle++) {
      await firstAttempt(201, performance.now(), TARGETS.recoveryMs);
      const downAt = performance.now();
      await proxy.down();
      await new Promise((resolve) => setTimeout(resolve, options.BENCH_FAULTS_DOWN_MS));
      const upAt = performance.now();
      await proxy.up();
      const recovered = await firstAttempt(201, upAt, TARGETS.recoveryMs * 2);
      recoveries.push(recovered.startedAt + recovered.ms - upAt);
      const during = attempts.filter((attempt) => attempt.startedAt >= downAt && attempt.startedAt + attempt.ms <= upAt);
      outageAnswers.push(...during.map((attempt) => attempt.ms));
      unexpected += during.filter((attempt) => attempt.status !== 503).length;
      console.log(`Cycle ${cycle}: ${during.length} answers while away (max ${Math.round(Math.max(...during.map((a) => a.ms)))} ms), first write back after ${Math.round(recoveries.at(-1) ?? 0)} ms`);
    }
    writing = false;
    await Promise.all(writers);

    const acknowledged = attempts.filter((attempt) => attempt.status === 201).map((attempt) => attempt.description);
    const [row] = await orm.em.getConnection().execute<Array<{ stored: number }>>('select count(*)::int as stored from method where description in (?)', [acknowledged]);
    const stored = row?.stored ?? 0;
    const missing = acknowledged.length - stored;
    const health = await fetch(`${base}/api/health`);
    const sortedAnswers = [...outageAnswers].sort((a, b) => a - b);
    const answerP95 = percentile(sortedAnswers, 95);
    const answerMax = sortedAnswers.at(-1) ?? 0;
    const recoveryMax = Math.max(...recoveries);
    const round = (ms: number) => Math.round(ms * 10) / 10;

    const figures = [
      below('answer while the database is away, p95', round(answerP95), 'ms', TARGETS.answerMs),
      below('answer while the database is away, max', round(answerMax), 'ms', TARGETS.answerMs),
      none('answers other than 503 while away', unexpected),
      below('first 2xx after the database returns, max', round(recoveryMax), 'ms', TARGETS.recoveryMs),
      none('acknowledged writes missing afterwards', missing),
      { name: 'health check of the same process afterwards', value: health.status, unit: 'status', target: '200', met: health.status === 200 },
    ];
    writeBenchResults(options.BENCH_FAULTS_OUT, {
      bench: 'faults',
      title: `PostgreSQL away ${options.BENCH_FAULTS_DOWN_MS} ms × ${options.BENCH_FAULTS_CYCLES} under ${options.BENCH_FAULTS_WRITERS} writers`,
      figures,
      acknowledgedWrites: acknowledged.length,
      answersWhileAway: outageAnswers.length,
    });
    for (const figure of figures) console.log(`${figure.met ? '✓' : '✗'} ${figure.name}: ${figure.value} ${figure.unit} (target ${figure.target})`);
  } finally {
    await server.stop();
    await proxy.down();
  }
});
