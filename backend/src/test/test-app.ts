import supertest from 'supertest';
import { API_ENDPOINTS } from '@v2mom/contracts';
import type { Clock } from 'pg-boss';
import { bootstrap, type AppInstance, type BootstrapOptions } from '../app.js';
import type { Database } from '../db/database.js';
import { seedDemo } from '../seeds/demo/seed-demo.js';
import { loadEnv, type EnvOverrides } from '../env.js';
import { RunningClock } from '../server-clock.js';
import { checkedAgent } from './documented-answers.js';
import { createScratchDatabase } from './scratch-database.js';

export const DEMO_PASSWORD = 'demo1234';

export interface TestApp extends AppInstance {
  /** The server's clock; undefined on the system's. Servers a test starts beside this one share it. */
  clock: Clock | undefined;
  /** supertest bound to the in-process server; every answer is checked against the OpenAPI document. */
  http(): ReturnType<typeof supertest>;
  /** Signs in through the API and returns the session cookie to send back. */
  login(username: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface TestAppOptions {
  seed?: 'demo' | 'none';
  env?: EnvOverrides;
  assistantTrace?: BootstrapOptions['assistantTrace'];
  /**
   * The server's clock (server-clock.ts), which the scheduled jobs run by once `startJobs()` is
   * called: a test's own; an instant, for one that runs from there as CLOCK_START's does; 'system'
   * for the system's (a server without CLOCK_START); by default one that runs from TEST_CLOCK_START.
   */
  clock?: BootstrapOptions['clock'] | Date | 'system';
  /** An empty database the test opened itself (a primary with its replica) instead of a fresh one; `stop()` closes it. */
  database?: Database;
}

/**
 * Where a test app's clock starts unless the test gives one, so that no test depends on the day it
 * runs (docs/PRODUCT.md#clock): a Wednesday in the middle of Q3 of fiscal year 2026, when
 * no quarter is open for review and the demo has reviewed Q2.
 */
export const TEST_CLOCK_START = new Date('2027-03-10T10:00:00Z');

/** How long a test app's writes wait for a row another transaction holds, unless the test sets DATABASE_LOCK_TIMEOUT_MS. */
const TEST_LOCK_TIMEOUT_MS = 60_000;

/** The running clock the apps a test file has open share (one process, one clock), and from when it runs. */
let running: { clock: RunningClock; start: number; apps: number } | undefined;

function takeRunningClock(start: Date): { clock: Clock; giveBack: () => void } {
  if (running?.start !== start.getTime()) running = { clock: new RunningClock(start), start: start.getTime(), apps: 0 };
  const taken = running;
  taken.apps += 1;
  let given = false;
  return {
    clock: taken.clock,
    giveBack() {
      if (given) return;
      given = true;
      taken.apps -= 1;
      if (taken.apps > 0) return;
      taken.clock.stop();
      if (running === taken) running = undefined;
    },
  };
}

/** The clock a test asked for (TestAppOptions.clock), and how to give back a shared one. */
function clockOf(given: TestAppOptions['clock']): { clock: Clock | undefined; giveBack?: () => void } {
  if (given === 'system') return { clock: undefined };
  if (given === undefined || given instanceof Date) return takeRunningClock(given ?? TEST_CLOCK_START);
  return { clock: given };
}

/**
 * The real app, in-process, on a fresh database per call: PostgreSQL when TEST_DATABASE_URL or
 * DATABASE_URL names a server, else in-memory PGlite. Migrated, and seeded as of its clock when asked.
 */
export async function startTestApp({ seed = 'none', env: overrides = {}, assistantTrace, clock: given, database }: TestAppOptions = {}): Promise<TestApp> {
  // No test talks to a real language model unless it names one (OPENAI_API_KEY in `env`).
  // Tests that hold a row on purpose keep it while their polls run, which on a loaded machine can
  // outlast the wait a write gets for it in production (db/lock-wait.ts): the tests of that wait set their own.
  const baseEnv = loadEnv({ NODE_ENV: 'test', OPENAI_API_KEY: '', CLOCK_START: undefined, DATABASE_LOCK_TIMEOUT_MS: String(TEST_LOCK_TIMEOUT_MS), ...overrides });
  const { clock, giveBack } = clockOf(given);
  const scratch = database ? { database, dispose: async () => {} } : await createScratchDatabase(baseEnv.TEST_DATABASE_URL ?? baseEnv.DATABASE_URL, { lockTimeoutMs: baseEnv.DATABASE_LOCK_TIMEOUT_MS });
  const env = { ...baseEnv, DEMO_PASSWORD, DATABASE_URL: undefined };
  const instance = await bootstrap({ env, database: scratch.database, ...(assistantTrace ? { assistantTrace } : {}), ...(clock ? { clock } : {}) });
  await instance.orm.migrator.up();
  if (seed === 'demo') await seedDemo(instance.orm, DEMO_PASSWORD, instance.now());

  const http = () => checkedAgent(supertest(instance.server));
  return {
    ...instance,
    clock,
    http,
    async login(username, password = DEMO_PASSWORD) {
      const response = await http().post(API_ENDPOINTS.login.path).send({ username, password }).expect(200);
      const setCookie = response.headers['set-cookie'];
      const cookie = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (!cookie) throw new Error('Login answered without a session cookie');
      return cookie.split(';')[0] ?? '';
    },
    async stop() {
      try {
        await instance.close();
        await scratch.dispose();
      } finally {
        giveBack?.();
      }
    },
  };
}
