import { randomBytes } from 'node:crypto';
import { bootstrap, type AppInstance, type BootstrapOptions } from '../app.js';
import type { EnvOverrides } from '../env.js';
import { openDatabase } from '../db/database.js';
import { forgetRedisKeys } from './redis.js';
import { startTestApp, type TestApp } from './test-app.js';
import { ormModel } from '../modules/orm-model.js';

export interface Cluster {
  /** The server that created the database (demo organisation seeded); `login` and `http` are its. */
  first: TestApp;
  /** Every server, `first` included, each with its own HTTP port, read cache and sockets. */
  servers: AppInstance[];
  stop(): Promise<void>;
}

/** Polls a condition that has no event to wait for (cluster membership), within a bound. */
export async function until(condition: () => Promise<boolean>, withinMs = 10_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface ClusterOptions {
  env?: EnvOverrides;
  /** The servers' one clock (test-app.ts's by default), which their scheduled jobs run by. */
  clock?: BootstrapOptions['clock'];
}

/**
 * `count` servers, as replicas behind a load balancer would be: each its own bootstrap() sharing
 * the database and Redis (under a prefix of their own), returned once they all see each other.
 */
export async function startCluster(count: number, redisUrl: string, { env = {}, clock }: ClusterOptions = {}): Promise<Cluster> {
  const redisPrefix = `v2mom-test-${randomBytes(4).toString('hex')}`;
  const first = await startTestApp({ seed: 'demo', env: { ...env, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix }, clock });
  // On PostgreSQL each other server opens its own pool to the same database; the in-memory
  // embedded database cannot be opened twice, so there they all share its one connection.
  const clientUrl = first.orm.config.get('clientUrl');
  const ownDatabases = first.database.driver === 'postgresql';
  const others: AppInstance[] = [];
  for (let index = 1; index < count; index++) {
    const database = ownDatabases && clientUrl ? await openDatabase({ kind: 'postgresql', clientUrl, lockTimeoutMs: first.env.DATABASE_LOCK_TIMEOUT_MS }, ormModel) : first.database;
    others.push(await bootstrap({ env: first.env, database, clock: first.clock }));
  }
  const servers = [first, ...others];
  await until(async () => (await Promise.all(servers.map((server) => server.live.io.of('/').adapter.serverCount()))).every((seen) => seen === count));
  return {
    first,
    servers,
    async stop() {
      for (const server of others) await server.close({ keepDatabase: !ownDatabases });
      await first.stop();
      await forgetRedisKeys(redisUrl, redisPrefix);
    },
  };
}
