import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { EmbeddedPostgres } from './embedded.js';

/**
 * PostgreSQL compiled to WebAssembly, served over the wire protocol on a free loopback port so
 * the ordinary postgresql driver talks to it. Persisted under `dataDir`, or in memory without
 * one. PGlite is single-threaded, hence one connection.
 */
export async function servePglite(dataDir: string | undefined): Promise<EmbeddedPostgres> {
  let db: PGlite;
  if (dataDir) {
    const pgdata = join(dataDir, 'pgdata');
    mkdirSync(pgdata, { recursive: true });
    db = await PGlite.create(pgdata);
  } else {
    db = await PGlite.create();
  }
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  return {
    clientUrl: `postgresql://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
