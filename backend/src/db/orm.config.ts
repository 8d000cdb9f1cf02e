import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { CheckInSubscriber } from '../modules/checkins/check-in.subscriber.js';
import { NotificationSubscriber } from '../modules/notifications/notification.subscriber.js';
import { ClosedYearGuard } from '../modules/v2moms/closed-year.guard.js';
import { ReviewedGoalsGuard } from '../modules/quarter-reviews/reviewed-goals.guard.js';
import { ChangeLogSubscriber } from './change-log.subscriber.js';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';
import { reclaimLostConnections } from './pool-guard.js';
import { ReplicaReadsDriver } from './replica-reads.js';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** A server's pool of PostgreSQL connections (DATABASE_POOL_SIZE, DATABASE_IDLE_TIMEOUT_MS); what is unset takes the defaults below. */
export interface PoolSettings {
  size?: number | undefined;
  idleTimeoutMs?: number | undefined;
}

export interface OrmConnection {
  clientUrl: string;
  /** A streaming replica of `clientUrl` that reads may go to (db/replica-reads.ts). */
  readClientUrl?: string | undefined;
  /** The embedded database serves one connection at a time: `pool` does not apply to it. */
  singleConnection?: boolean;
  pool?: PoolSettings | undefined;
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

export function ormOptions({ clientUrl, readClientUrl, singleConnection = false, pool = {} }: OrmConnection): Options {
  const { size = DEFAULT_POOL_SIZE, idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS } = pool;
  return defineConfig({
    clientUrl,
    // The replica takes the primary's pool settings. Only the requests db/replica-reads.ts sends there
    // read it: an entity loaded to be changed must be read where it is written.
    ...(readClientUrl ? { replicas: [{ name: 'replica', clientUrl: readClientUrl }], driver: ReplicaReadsDriver } : {}),
    preferReadReplicas: false,
    entities,
    extensions: [Migrator, SeedManager],
    subscribers: [new ReviewedGoalsGuard(), new ChangeLogSubscriber(), new CheckInSubscriber(), new NotificationSubscriber(), new ClosedYearGuard()],
    pool: singleConnection ? { min: 0, max: 1 } : { min: 0, max: size, idleTimeoutMillis: idleTimeoutMs },
    // The embedded database's one connection is queued for by every request, so it gets no time-out.
    ...(singleConnection
      ? {}
      : { driverOptions: { connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true, onPoolCreated: reclaimLostConnections } }),
    // Production code runs only through RequestContext forks; a stray global-EM use should fail loudly.
    allowGlobalContext: false,
    migrations: {
      migrationsList,
      path: migrationsFolder,
      pathTs: migrationsFolder,
      emit: 'ts',
      // New migrations are diffed against a database migrated to the latest state, not a snapshot file.
      snapshot: false,
      silent: true,
    },
  });
}
