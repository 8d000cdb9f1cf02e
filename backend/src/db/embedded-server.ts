import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { EmbeddedPostgres } from './embedded.js';

/** Where the embedded database lives: under `dataDir`, or in memory, as a copy of the dump `copyOf` when given. */
export interface EmbeddedStore {
  dataDir?: string | undefined;
  /** A file `ServedPglite.dump` wrote; an in-memory database starts as its copy instead of empty. */
  copyOf?: string | undefined;
}

export interface ServedPglite extends EmbeddedPostgres {
  /** The whole database as one file's bytes (PGlite's data directory dump), for `EmbeddedStore.copyOf`. */
  dump(): Promise<Uint8Array>;
}

/**
 * PostgreSQL compiled to WebAssembly, served over the wire protocol on a free loopback port so
 * the ordinary postgresql driver talks to it. Persisted under `dataDir`, or in memory without
 * one. PGlite is single-threaded, hence one connection.
 */
export async function servePglite({ dataDir, copyOf }: EmbeddedStore = {}): Promise<ServedPglite> {
  // The lists' word search reads trigram indexes (db/search.ts).
  const extensions = { pg_trgm };
  let db: PGlite;
  if (dataDir) {
    const pgdata = join(dataDir, 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    db = await PGlite.create(pgdata, { extensions });
  } else if (copyOf) {
    // Loading a dump skips creating the cluster, most of a new database's start.
    db = await PGlite.create({ loadDataDir: new Blob([await readFile(copyOf)]), extensions });
  } else {
    db = await PGlite.create({ extensions });
  }
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  return {
    clientUrl: `postgresql://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
    async dump() {
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    },
  };
}
