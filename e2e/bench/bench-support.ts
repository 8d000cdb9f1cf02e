import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { seedDemo } from '../../backend/src/seeds/demo/seed-demo.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../backend/src/test/scratch-database.ts';
import { benchChromiumPath, CHROMIUM_ARGS } from '../support/chromium.ts';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from '../support/demo.ts';
import { startServer, type StartedServer } from '../support/server-process.ts';

/**
 * What the browser benchmarks share: a scratch PostgreSQL database with the demo organisation
 * (grown further by the caller if it wants), the built server (`make build`) serving it as
 * `make start` does, Debian's Chromium, and the statistics and machine line they print.
 */

type Orm = ScratchDatabase['database']['orm'];

export const benchEnv = {
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  runs: Number(process.env.BENCH_RUNS ?? 10),
};

export interface BenchApp {
  baseUrl: string;
  browser: Browser;
  /** Starts one more server on the same database, data folder and `env` (a replica; give it REDIS_URL) and answers its base URL. */
  another(): Promise<string>;
  /** Stops the browser and the server and drops the scratch database. */
  close(): Promise<void>;
}

/**
 * Migrates and seeds a scratch database (`grow` adds to the demo organisation and returns what it
 * added, for the report), starts the built server on it and launches Chromium.
 */
export async function startBenchApp<Grown>(grow: (orm: Orm) => Promise<Grown>, env: Record<string, string> = {}): Promise<BenchApp & { grown: Grown }> {
  console.log(`Creating a scratch database on ${new URL(benchEnv.databaseUrl).host}…`);
  const scratch = await createScratchDatabase(benchEnv.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'v2mom-bench-'));
  const servers: StartedServer[] = [];
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    for (const server of servers) server.process.kill();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.database.close().catch(() => {});
    await scratch.dispose();
  };
  try {
    const { orm } = scratch.database;
    await orm.migrator.up();
    // The server it starts runs on the system's clock: the demo is seeded as of today.
    await seedDemo(orm, DEMO_PASSWORD, new Date());
    const grown = await grow(orm);
    const clientUrl = orm.config.get('clientUrl') as string;
    await scratch.database.close();

    const another = async () => {
      const server = await startServer({ ...env, DATABASE_URL: clientUrl, DATA_DIR: dataDir, SEED_DEMO: 'false' });
      servers.push(server);
      return server.url;
    };
    const baseUrl = await another();
    browser = await chromium.launch({ executablePath: benchChromiumPath, args: CHROMIUM_ARGS });
    return { baseUrl, browser, another, grown, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A browser context of its own (cookies, cache, socket) signed in as a demo user, on `baseUrl` (the first server by default). */
export async function signedInContext(app: BenchApp, user: DemoUser = 'admin', baseUrl = app.baseUrl): Promise<BrowserContext> {
  const context = await app.browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const response = await context.request.post('/api/auth/login', { data: { username: DEMO_USERS[user].username, password: DEMO_PASSWORD } });
  if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()} ${await response.text()}`);
  return context;
}

/** The value below which `fraction` of the values lie (nearest rank). */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

/** A latency's median, 95th percentile and worst, as the benchmarks' tables give them. */
export const latencySummary = (values: readonly number[]) => ({ p50: median(values), p95: percentile(values, 0.95), max: Math.max(...values) });

/** The load average now (1, 5, 15 min): figures taken on a busy machine say so. */
export const loadAverage = () => loadavg().map((value) => value.toFixed(2)).join(' ');

export function describeMachine(browser: Browser): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}, ${browser.version()}`;
}
