import { fileURLToPath } from 'node:url';
import type { EventSubscriber } from '@mikro-orm/core';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { LockWaitOutsideRequests, lockTimeoutOption } from './lock-wait.js';
import { reclaimLostConnections } from './pool-guard.js';
import { PreparingClient } from './prepared-statements.js';
import { ReplicaReadsDriver } from './replica-reads.js';

/**
 * The migrations are the files beside this config, found when the migrator starts: the compiled
 * .js under dist/, the .ts sources under vitest and tsx. Named by their class and time, so the
 * tests and source maps there are not taken for migrations, and they run in the order of their names.
 */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_FILES = 'Migration+([0-9]).{js,ts}';

/** A server's pool of PostgreSQL connections (DATABASE_POOL_SIZE, DATABASE_IDLE_TIMEOUT_MS); what is unset takes the defaults below. */
export interface PoolSettings {
  size?: number | undefined;
  idleTimeoutMs?: number | undefined;
}

/**
 * What the application gives the ORM (modules/orm-model.ts): its entities, and the subscribers and
 * save-time guards that every flush runs. This folder knows no entity. The subscribers are made
 * afresh for each ORM, since some keep state per ORM (the change log's pending rows).
 */
export interface OrmModel {
  entities: NonNullable<Options['entities']>;
  subscribers(): EventSubscriber[];
}

export interface OrmConnection {
  clientUrl: string;
  /** A streaming replica of `clientUrl` that reads may go to (db/replica-reads.ts). */
  readClientUrl?: string | undefined;
  /** The embedded database serves one connection at a time: `pool` does not apply to it. */
  singleConnection?: boolean;
  pool?: PoolSettings | undefined;
  /** How long a request's statements wait for a lock (DATABASE_LOCK_TIMEOUT_MS, db/lock-wait.ts); unset, as long as it takes. */
  lockTimeoutMs?: number | undefined;
}

/**
 * How long a request waits for a pooled connection, or for a new one to open, before it fails
 * with a 503 (docs/PRODUCT.md#when-the-database-is-away): while PostgreSQL is away no request
 * hangs on it.
 */
const CONNECTION_TIMEOUT_MS = 1_500;
/** pg's own default. Every server holds up to this many, so servers × size must stay within PostgreSQL's max_connections. */
const DEFAULT_POOL_SIZE = 10;
/**
 * How long a pooled connection may sit unused before the pool closes it (pg's default is 10 s).
 * Under a steady load with bursts the pool then kept closing and reopening connections, and a new
 * PostgreSQL backend's first statements load its catalog caches: the writes waiting on it were
 * late (docs/PERFORMANCE.md, "The load test"). It must stay below the idle timeout of any load
 * balancer, NAT or firewall between the server and the database (README, "Environment variables").
 */
const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

export function ormOptions({ clientUrl, readClientUrl, singleConnection = false, pool = {}, lockTimeoutMs }: OrmConnection, model: OrmModel): Options {
  const { size = DEFAULT_POOL_SIZE, idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS } = pool;
  // Set once per connection as it opens, lifted by the transactions outside requests (db/lock-wait.ts).
  const lockWait = singleConnection || lockTimeoutMs === undefined ? undefined : lockTimeoutOption(lockTimeoutMs);
  return defineConfig({
    clientUrl,
    // The replica takes the primary's pool settings. Only the requests db/replica-reads.ts sends there
    // read it: an entity loaded to be changed must be read where it is written.
    ...(readClientUrl ? { replicas: [{ name: 'replica', clientUrl: readClientUrl }], driver: ReplicaReadsDriver } : {}),
    preferReadReplicas: false,
    entities: model.entities,
    extensions: [Migrator, SeedManager],
    subscribers: [...model.subscribers(), ...(lockWait ? [new LockWaitOutsideRequests()] : [])],
    pool: singleConnection ? { min: 0, max: 1 } : { min: 0, max: size, idleTimeoutMillis: idleTimeoutMs },
    // The embedded database's one connection is queued for by every request, so it gets no time-out.
    ...(singleConnection
      ? {}
      : {
          driverOptions: {
            connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
            keepAlive: true,
            onPoolCreated: reclaimLostConnections,
            Client: PreparingClient,
            ...(lockWait ? { options: lockWait } : {}),
          },
        }),
    // Production code runs only through RequestContext forks; a stray global-EM use should fail loudly.
    allowGlobalContext: false,
    migrations: {
      path: migrationsFolder,
      pathTs: migrationsFolder,
      glob: MIGRATION_FILES,
      emit: 'ts',
      // New migrations are diffed against a database migrated to the latest state, not a snapshot file.
      snapshot: false,
      silent: true,
    },
  });
}
