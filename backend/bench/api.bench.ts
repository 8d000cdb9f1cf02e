import { Agent } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import { API_ENDPOINTS, TREND_LIMITS, ZCreatedApiTokenSchema, type TMethodListItem } from '@v2mom/contracts';
import { z } from 'zod';
import { withBenchDatabase } from './bench-database.js';
import { atMost, below, none, writeBenchResults } from './bench-results.js';
import { isGeneratedMethod, LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import { machineSpeedMs } from './machine-speed.js';
import { load, login, readEveryMethod, send, writeEvery, type Credential, type Encoding, type LoadFigures, type LoadRequest } from './load.js';
import { fillNotificationCentre } from './notifications.js';
import { startServer, type ServerProcess } from './server-process.js';
import { markThenChanges } from './unseen-changes.js';

/**
 * `npm run bench -w backend` (or `make bench`): a scratch PostgreSQL database with the demo
 * organisation grown to a large one, the real app in two child processes (with its read cache,
 * as shipped, and with READ_CACHE=off), and C concurrent keep-alive clients hammering each
 * endpoint for S seconds, each asked as a screen asks it (a list's first page, a picker's search).
 * Prints a Markdown table and writes the figures as JSON. Target (docs/PERFORMANCE.md): p95 < 100 ms each.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_SECONDS: z.coerce.number().positive().default(10),
    BENCH_WARMUP_SECONDS: z.coerce.number().nonnegative().default(2),
    BENCH_CONNECTIONS: z.coerce.number().int().positive().default(10),
    BENCH_OUT: z.string().default(fileURLToPath(new URL('./results/api.json', import.meta.url))),
  })
  .parse(process.env);

type ServerName = 'cached' | 'uncached';

interface Target {
  name: string;
  path: string;
  /** The app with its read cache (READ_CACHE=on, as shipped) or without it (READ_CACHE=off). */
  server: ServerName;
  /** Writes per second during the measurement: each one invalidates the read cache. */
  writesPerSecond?: number;
  /** `gzip` asks as a browser does; by default the plain body, the worst case for the server. */
  encoding?: Encoding;
  request?: LoadRequest;
  /** The p95 it must stay under, when not P95_TARGET_MS. */
  p95TargetMs?: number;
  /** Clients at once, when not BENCH_CONNECTIONS. */
  connections?: number;
  /** Whoever asks, when not the admin by their session cookie. */
  credential?: Credential;
}

/** A method picker's search as someone types it: its first page, as many rows as a picker shows. */
const METHOD_SEARCH = `/api/methods?${new URLSearchParams({ q: 'method 12', limit: '20' })}`;

/** Key Metrics' first page: the COO-tracked methods with a key metric, latest change first. */
const KEY_METRICS_PAGE = `/api/methods?${new URLSearchParams({ forCooTracking: 'true', withKeyMetric: 'true', sort: 'updated', dir: 'desc' })}`;

const TARGETS: Target[] = [
  { name: 'GET /api/methods, first page', path: '/api/methods', server: 'cached' },
  { name: 'GET /api/methods, first page, 1 write/s', path: '/api/methods', server: 'cached', writesPerSecond: 1 },
  { name: "GET /api/methods, a picker's search", path: METHOD_SEARCH, server: 'cached' },
  { name: 'GET /api/v2moms, first page', path: '/api/v2moms', server: 'cached' },
  { name: 'GET /api/team/progress, first page by name', path: '/api/team/progress', server: 'cached' },
  { name: 'GET /api/team/progress, first page by share on track', path: '/api/team/progress?sort=progress&dir=desc', server: 'cached' },
  { name: 'GET /api/methods/summary', path: '/api/methods/summary', server: 'cached' },
  { name: "GET /api/methods, Key Metrics' first page, gzip as browsers ask", path: KEY_METRICS_PAGE, server: 'cached', encoding: 'gzip' },
  { name: 'GET /api/methods/coo-tracking/counts', path: '/api/methods/coo-tracking/counts', server: 'cached' },
  { name: 'GET /api/methods/summary, READ_CACHE=off', path: '/api/methods/summary', server: 'uncached' },
];

const P95_TARGET_MS = 100;

/**
 * The check-in reads, on a method with a year of weekly check-ins and on as many methods as one
 * call may name (the COO View's trend lines ask for each page of cards in one call).
 */
function checkInTargets(methods: readonly TMethodListItem[]): Target[] {
  const withHistory = methods.findLast(isGeneratedMethod)?.id;
  const methodIds = methods.slice(0, TREND_LIMITS.methods).map((method) => method.id);
  return [
    { name: "GET a method's check-ins, first page", path: `/api/methods/${withHistory}/check-ins`, server: 'cached', p95TargetMs: 50 },
    {
      // One screen's call at a time: its figure is how long one call takes, not a queue of ten.
      name: `POST /api/methods/trends, ${methodIds.length} methods, 1 client`,
      path: '/api/methods/trends',
      server: 'cached',
      request: { method: 'POST', body: { methodIds } },
      p95TargetMs: 150,
      connections: 1,
    },
  ];
}

/** Changes by others after a person's seen mark on one V2MOM: as many as the unseen changes answer at most. */
const UNSEEN_CHANGES = 1_000;

/**
 * A V2MOM's unseen changes: `member`'s mark on the V2MOM of a method the large organisation
 * generated, then UNSEEN_CHANGES changes by `admin` (unseen-changes.ts), read one call at a time
 * as the V2MOM's page does.
 */
async function unseenTarget(port: number, adminCookie: string, methods: readonly TMethodListItem[]): Promise<Target> {
  const v2momId = methods.findLast(isGeneratedMethod)?.v2momId;
  if (v2momId === undefined) throw new Error('No method to take a V2MOM from');
  const cookie = await login(port, 'member');
  await markThenChanges(port, { person: cookie, writer: adminCookie }, v2momId, methods.filter((method) => method.v2momId === v2momId), UNSEEN_CHANGES);
  return {
    name: `GET a V2MOM's unseen changes, ${UNSEEN_CHANGES.toLocaleString('en')} since the mark, 1 client`,
    path: `/api/v2moms/${v2momId}/unseen`,
    server: 'cached',
    connections: 1,
    credential: cookie,
  };
}

/** How many notifications the benchmark's person has when their panel asks for its first page. */
const NOTIFICATIONS = 10_000;

/** The notification panel's first page for a person with NOTIFICATIONS (notifications.ts), as the panel asks. */
async function notificationsTarget(orm: MikroORM, port: number): Promise<Target> {
  await fillNotificationCentre(orm, 'member', NOTIFICATIONS);
  return {
    name: `GET /api/notifications, first page of ${NOTIFICATIONS.toLocaleString('en')}, 1 client`,
    path: '/api/notifications',
    server: 'cached',
    connections: 1,
    p95TargetMs: 100,
    credential: await login(port, 'member'),
  };
}

/** The benchmark's servers let a token call without a rate limit: the limit is not what is measured. */
const UNLIMITED_TOKEN_CALLS = String(1_000_000_000);

/** An API token read costs no more than a session read: its p95 within this ratio of the other's, asked side by side. */
const TOKEN_TO_SESSION_P95 = 1.1;

/**
 * A script's read beside a browser's: the first page of methods asked by half the clients with a
 * read-only API token of `cookie`'s person and by the other half with the cookie itself, at the same
 * time, so whatever else the machine does falls on both alike.
 */
async function tokenBesideSession(port: number, cookie: string): Promise<[Figures, Figures]> {
  const agent = new Agent();
  const created = await send(agent, port, 'POST', API_ENDPOINTS.createApiToken.path, cookie, { name: 'Benchmark script', scope: 'read', days: 1 });
  agent.destroy();
  if (created.status !== 201) throw new Error(`No API token: ${created.status} ${created.body}`);
  const bearer = ZCreatedApiTokenSchema.parse(JSON.parse(created.body)).secret;
  const { BENCH_SECONDS: seconds, BENCH_WARMUP_SECONDS: warmup } = options;
  const connections = Math.max(1, Math.floor(options.BENCH_CONNECTIONS / 2));
  const path = '/api/methods';
  const both = (forSeconds: number) => Promise.all([load(port, { bearer }, path, forSeconds, connections), load(port, cookie, path, forSeconds, connections)]);
  if (warmup > 0) await both(warmup);
  const [token, session] = await both(seconds);
  const figure = (name: string, figures: LoadFigures): Figures => ({ name, path, server: 'cached', writes: 0, connections, ...figures });
  return [figure('GET /api/methods, first page, API token beside a session', token), figure('GET /api/methods, first page, session beside an API token', session)];
}

const targetOf = (figure: Figures) => figure.p95TargetMs ?? P95_TARGET_MS;

interface Figures extends LoadFigures {
  name: string;
  path: string;
  server: ServerName;
  writes: number;
  p95TargetMs?: number;
  connections: number;
}

/** Measures one target after a warm-up, with the writer (as `cookie`) running through both when it has one. */
async function measure(target: Target, port: number, cookie: string): Promise<Figures> {
  const credential = target.credential ?? cookie;
  const { BENCH_SECONDS: seconds, BENCH_WARMUP_SECONDS: warmup } = options;
  const connections = target.connections ?? options.BENCH_CONNECTIONS;
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const writer = target.writesPerSecond ? writeEvery(port, cookie, 1000 / target.writesPerSecond, stopped) : Promise.resolve(0);
  try {
    if (warmup > 0) await load(port, credential, target.path, warmup, connections, target.encoding, target.request);
    const figures = await load(port, credential, target.path, seconds, connections, target.encoding, target.request);
    stop();
    return { name: target.name, path: target.path, server: target.server, p95TargetMs: target.p95TargetMs, connections, ...figures, writes: await writer };
  } finally {
    stop();
  }
}

/** The reads the read cache keeps (http/read-cache.ts) that the benchmark asks for. */
const CACHED_READS = ['/api/methods/summary'];

/** Each cached read answers the same JSON from both servers: with the read cache and without it. */
async function samePayloads(ports: Record<ServerName, number>, cookies: Record<ServerName, string>): Promise<boolean> {
  const agent = new Agent({ keepAlive: true });
  const get = (server: ServerName, path: string) => send(agent, ports[server], 'GET', path, cookies[server]);
  const pairs = [];
  for (const path of CACHED_READS) pairs.push([await get('cached', path), await get('uncached', path)] as const);
  agent.destroy();
  return pairs.every(([cached, uncached]) => cached.status === 200 && uncached.status === 200 && isDeepStrictEqual(JSON.parse(cached.body), JSON.parse(uncached.body)));
}

function table(figures: Figures[]): string {
  return [
    '| endpoint | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | wire KB | p95 within target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.requestsPerSecond} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.max} | ${f.errors} | ${Math.round(f.bytes / 1024)} | ${f.p95 < targetOf(f) ? 'yes' : 'no'} (${targetOf(f)}) |`,
    ),
  ].join('\n');
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const servers: ServerProcess[] = [];
  try {
    const seedStarted = performance.now();
    const counts = await seedLargeOrganisation(orm, LARGE_ORGANISATION);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const [{ version: postgres } = { version: '?' }] = await orm.em.fork().execute<Array<{ version: string }>>('select version()');
    console.log(`Seeded in ${seedSeconds} s:`, counts);

    const cached = await startServer({ clientUrl, readCache: 'on', env: { API_TOKEN_REQUESTS_PER_MINUTE: UNLIMITED_TOKEN_CALLS } });
    servers.push(cached);
    const uncached = await startServer({ clientUrl, readCache: 'off' });
    servers.push(uncached);
    const ports = { cached: cached.port, uncached: uncached.port };
    const cookies = { cached: await login(cached.port), uncached: await login(uncached.port) };
    const samePayload = await samePayloads(ports, cookies);
    console.log(`Cached and uncached answers are equal: ${samePayload ? 'yes' : 'NO'}`);

    const methods = await readEveryMethod(new Agent(), cached.port, cookies.cached);
    const speed = machineSpeedMs();
    const figures: Figures[] = [];
    const measureAndLog = async (target: Target) => {
      const result = await measure(target, ports[target.server], cookies[target.server]);
      figures.push(result);
      console.log(`  ${target.name}: ${result.requestsPerSecond} req/s, p95 ${result.p95} ms${result.writes ? `, ${result.writes} writes` : ''}`);
    };
    for (const target of [...TARGETS, ...checkInTargets(methods)]) await measureAndLog(target);
    const [byToken, bySession] = await tokenBesideSession(cached.port, cookies.cached);
    figures.push(byToken, bySession);
    const tokenToSession = Math.round((byToken.p95 / bySession.p95) * 100) / 100;
    console.log(`  API token beside session: p95 ${byToken.p95} ms vs ${bySession.p95} ms (${tokenToSession}×)`);
    await measureAndLog(await notificationsTarget(orm, cached.port));
    // Last: its writes add check-ins and change the cached lists the targets above read.
    await measureAndLog(await unseenTarget(cached.port, cookies.cached, methods));

    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}, ${postgres.split(' on ')[0]}`;
    console.log(`\nMachine: ${machine}; speed reading ${speed} ms (lower is faster)`);
    console.log(`Dataset: ${JSON.stringify(counts)}; ${options.BENCH_CONNECTIONS} clients, ${options.BENCH_SECONDS} s each after ${options.BENCH_WARMUP_SECONDS} s warm-up\n`);
    console.log(table(figures));

    writeBenchResults(options.BENCH_OUT, {
      bench: 'api',
      title: `The REST API on the large organisation, ${options.BENCH_CONNECTIONS} clients, ${options.BENCH_SECONDS} s per endpoint`,
      figures: [
        ...figures.map((f) => below(`${f.name}, p95`, f.p95, 'ms', targetOf(f))),
        atMost('API token read p95 ÷ session read p95, side by side', tokenToSession, '×', TOKEN_TO_SESSION_P95),
        none('errors (non-200 answers)', figures.reduce((sum, f) => sum + f.errors, 0)),
      ],
      machine,
      machineSpeedMs: speed,
      dataset: counts,
      seedSeconds,
      connections: options.BENCH_CONNECTIONS,
      seconds: options.BENCH_SECONDS,
      samePayload,
      endpoints: figures,
    });
  } finally {
    for (const server of servers) await server.stop();
  }
});
