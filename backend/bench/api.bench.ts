import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { seedDemo } from '../src/db/seeders/seed-demo.js';
import { createScratchDatabase } from '../src/test/scratch-database.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';

/**
 * `npm run bench -w backend` (or `make bench`): a scratch PostgreSQL database with the demo
 * organisation grown to a large one, the real app in a child process, and C concurrent
 * keep-alive clients hammering each endpoint for S seconds. Prints a Markdown table and writes
 * the figures as JSON. Targets (issue 3): p95 < 100 ms each, and GET /api/methods/all at least
 * half the throughput of the same payload from one hand-written SQL statement.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_SECONDS: z.coerce.number().positive().default(10),
    BENCH_WARMUP_SECONDS: z.coerce.number().nonnegative().default(2),
    BENCH_CONNECTIONS: z.coerce.number().int().positive().default(10),
    BENCH_OUT: z.string().default(fileURLToPath(new URL('./results/latest.json', import.meta.url))),
  })
  .parse(process.env);

const TARGETS = [
  { name: 'GET /api/methods/all', path: '/api/methods/all' },
  { name: 'hand-written SQL, same payload', path: '/bench/methods-all-sql' },
  { name: 'GET /api/v2moms/complete', path: '/api/v2moms/complete' },
  { name: 'GET /api/team/progress', path: '/api/team/progress' },
] as const;

const P95_TARGET_MS = 100;
const RATIO_TARGET = 0.5;

interface Answer {
  status: number;
  body: string;
}

function get(agent: Agent, port: number, path: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { cookie, accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function login(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ username: 'admin', password: 'demo1234' });
    const req = request(
      { host: '127.0.0.1', port, path: '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
        if (res.statusCode === 200 && cookie) resolve(cookie);
        else reject(new Error(`Login answered ${res.statusCode}`));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Figures {
  name: string;
  path: string;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytes: number;
}

/** `connections` clients, each sending its next request as soon as the last one answered. */
async function load(port: number, cookie: string, path: string, seconds: number, connections: number): Promise<Omit<Figures, 'name' | 'path'>> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const answer = await get(agent, port, path, cookie);
          if (answer.status !== 200) errors++;
          bytes = answer.body.length;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? Number.NaN),
    bytes,
  };
}

function startServer(clientUrl: string): Promise<{ port: number; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [clientUrl], {
    execArgv: ['--import', 'tsx', '--conditions=source'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The bench server exited with ${code}`)));
    child.once('message', (message: { port: number }) => {
      resolve({
        port: message.port,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.disconnect();
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      });
    });
  });
}

async function main(): Promise<void> {
  console.log(`Creating a scratch database on ${new URL(options.BENCH_DATABASE_URL).host}…`);
  const scratch = await createScratchDatabase(options.BENCH_DATABASE_URL);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { orm } = scratch.database;
    await orm.migrator.up();
    await seedDemo(orm, 'demo1234');
    const seedStarted = performance.now();
    const counts = await seedLargeOrganisation(orm, LARGE_ORGANISATION);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const [{ version: postgres } = { version: '?' }] = await orm.em.fork().execute<Array<{ version: string }>>('select version()');
    const clientUrl = orm.config.get('clientUrl') as string;
    console.log(`Seeded in ${seedSeconds} s:`, counts);

    server = await startServer(clientUrl);
    const cookie = await login(server.port);
    const agent = new Agent({ keepAlive: true });
    const ours = await get(agent, server.port, '/api/methods/all', cookie);
    const handWritten = await get(agent, server.port, '/bench/methods-all-sql', cookie);
    agent.destroy();
    const samePayload = ours.status === 200 && isDeepStrictEqual(JSON.parse(ours.body), JSON.parse(handWritten.body));
    console.log(`Hand-written payload equals GET /api/methods/all: ${samePayload ? 'yes' : 'NO'} (status ${ours.status})`);

    const figures: Figures[] = [];
    for (const target of TARGETS) {
      if (options.BENCH_WARMUP_SECONDS > 0) await load(server.port, cookie, target.path, options.BENCH_WARMUP_SECONDS, options.BENCH_CONNECTIONS);
      const result = { name: target.name, path: target.path, ...(await load(server.port, cookie, target.path, options.BENCH_SECONDS, options.BENCH_CONNECTIONS)) };
      figures.push(result);
      console.log(`  ${target.name}: ${result.requestsPerSecond} req/s, p95 ${result.p95} ms`);
    }

    const methodsAll = figures.find((figure) => figure.path === '/api/methods/all');
    const baseline = figures.find((figure) => figure.path === '/bench/methods-all-sql');
    const ratio = methodsAll && baseline ? Math.round((methodsAll.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100 : Number.NaN;
    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}, ${postgres.split(' on ')[0]}`;

    const table = [
      '| endpoint | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | body KB | p95 < 100 ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|:---:|',
      ...figures.map(
        (f) =>
          `| ${f.name} | ${f.requestsPerSecond} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.max} | ${f.errors} | ${Math.round(f.bytes / 1024)} | ${f.p95 < P95_TARGET_MS ? 'yes' : 'no'} |`,
      ),
    ].join('\n');
    console.log(`\nMachine: ${machine}`);
    console.log(`Dataset: ${JSON.stringify(counts)}; ${options.BENCH_CONNECTIONS} clients, ${options.BENCH_SECONDS} s each after ${options.BENCH_WARMUP_SECONDS} s warm-up\n`);
    console.log(table);
    console.log(`\nGET /api/methods/all throughput / hand-written SQL throughput: ${ratio} (target >= ${RATIO_TARGET}: ${ratio >= RATIO_TARGET ? 'met' : 'NOT met'})`);

    writeFileSync(
      options.BENCH_OUT,
      `${JSON.stringify({ date: new Date().toISOString(), machine, dataset: counts, seedSeconds, connections: options.BENCH_CONNECTIONS, seconds: options.BENCH_SECONDS, samePayload, ratio, figures }, null, 2)}\n`,
    );
    console.log(`Figures written to ${options.BENCH_OUT}`);
  } finally {
    await server?.stop();
    await scratch.database.close();
    await scratch.dispose();
  }
}

await main();
