import supertest from 'supertest';
import { API_ENDPOINTS } from '@v2mom/contracts';
import { bootstrap, type AppInstance, type BootstrapOptions } from '../app.js';
import { seedDemo } from '../db/seeders/seed-demo.js';
import { loadEnv, type EnvOverrides } from '../env.js';
import { checkedAgent } from './documented-answers.js';
import { createScratchDatabase } from './scratch-database.js';

export const DEMO_PASSWORD = 'demo1234';

export interface TestApp extends AppInstance {
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
  /** The scheduled jobs' clock (they run only once `startJobs()` is called). */
  clock?: BootstrapOptions['clock'];
}

/**
 * The real app, in-process, on a fresh database per call: PostgreSQL when TEST_DATABASE_URL or
 * DATABASE_URL names a server, else in-memory PGlite. Migrated, and seeded when asked.
 */
export async function startTestApp({ seed = 'none', env: overrides = {}, assistantTrace, clock }: TestAppOptions = {}): Promise<TestApp> {
  // No test talks to a real language model unless it names one (OPENAI_API_KEY in `env`).
  const baseEnv = loadEnv({ NODE_ENV: 'test', OPENAI_API_KEY: '', ...overrides });
  const scratch = await createScratchDatabase(baseEnv.TEST_DATABASE_URL ?? baseEnv.DATABASE_URL);
  const env = { ...baseEnv, DEMO_PASSWORD, DATABASE_URL: undefined };
  const instance = await bootstrap({ env, database: scratch.database, ...(assistantTrace ? { assistantTrace } : {}), ...(clock ? { clock } : {}) });
  await instance.orm.migrator.up();
  if (seed === 'demo') await seedDemo(instance.orm, DEMO_PASSWORD);

  const http = () => checkedAgent(supertest(instance.server));
  return {
    ...instance,
    http,
    async login(username, password = DEMO_PASSWORD) {
      const response = await http().post(API_ENDPOINTS.login.path).send({ username, password }).expect(200);
      const setCookie = response.headers['set-cookie'];
      const cookie = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (!cookie) throw new Error('Login answered without a session cookie');
      return cookie.split(';')[0] ?? '';
    },
    async stop() {
      await instance.close();
      await scratch.dispose();
    },
  };
}
