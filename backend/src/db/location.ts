import type { Env } from '../env.js';
import type { EmbeddedStore } from './embedded-server.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';
import type { PoolSettings } from './orm.config.js';

export type DatabaseLocation =
  | { kind: 'postgresql'; clientUrl: string; readClientUrl?: string | undefined; pool?: PoolSettings; lockTimeoutMs?: number }
  | { kind: 'embedded'; server: Promise<EmbeddedPostgres> };

function embedded({ dataDir, copyOf }: EmbeddedStore): DatabaseLocation {
  const server = startEmbeddedPostgres(dataDir, copyOf);
  // Whoever opens the database awaits it; this only keeps an early failure from counting as unhandled meanwhile.
  server.catch(() => {});
  return { kind: 'embedded', server };
}

/**
 * Real PostgreSQL when DATABASE_URL is set, with the pool DATABASE_POOL_SIZE and
 * DATABASE_IDLE_TIMEOUT_MS ask for, the lock wait DATABASE_LOCK_TIMEOUT_MS bounds and the replica DATABASE_READ_URL names; otherwise the embedded database kept in DATA_DIR, which starts
 * booting right away so callers can load other modules meanwhile.
 */
export function configuredLocation(
  env: Pick<Env, 'DATABASE_URL' | 'DATABASE_READ_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_IDLE_TIMEOUT_MS' | 'DATABASE_LOCK_TIMEOUT_MS' | 'DATA_DIR'>,
): DatabaseLocation {
  if (!env.DATABASE_URL) return embedded({ dataDir: env.DATA_DIR });
  return { kind: 'postgresql', clientUrl: env.DATABASE_URL, readClientUrl: env.DATABASE_READ_URL, pool: { size: env.DATABASE_POOL_SIZE, idleTimeoutMs: env.DATABASE_IDLE_TIMEOUT_MS }, lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS };
}

/** An embedded database in memory: empty, or a copy of the dump `copyOf` names (`ServedPglite.dump`). */
export function inMemoryLocation(copyOf?: string): DatabaseLocation {
  return embedded({ copyOf });
}
