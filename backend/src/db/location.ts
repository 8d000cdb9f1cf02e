import type { Env } from '../env.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';

export type DatabaseLocation =
  | { kind: 'postgresql'; clientUrl: string }
  | { kind: 'embedded'; server: Promise<EmbeddedPostgres> };

function embedded(dataDir: string | undefined): DatabaseLocation {
  const server = startEmbeddedPostgres(dataDir);
  // Whoever opens the database awaits it; this only keeps an early failure from counting as unhandled meanwhile.
  server.catch(() => {});
  return { kind: 'embedded', server };
}

/**
 * Real PostgreSQL when DATABASE_URL is set, otherwise the embedded database kept in DATA_DIR,
 * which starts booting right away so callers can load other modules meanwhile.
 */
export function configuredLocation(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseLocation {
  return env.DATABASE_URL ? { kind: 'postgresql', clientUrl: env.DATABASE_URL } : embedded(env.DATA_DIR);
}

export function inMemoryLocation(): DatabaseLocation {
  return embedded(undefined);
}
