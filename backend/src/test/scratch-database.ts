import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { inMemoryLocation } from '../db/location.js';
import { ormOptions } from '../db/orm.config.js';
import { ormModel } from '../modules/orm-model.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (migrated-embedded.global.ts). */
    migratedEmbeddedDatabase: string | undefined;
  }
}

export interface ScratchDatabase {
  database: Database;
  /** Drops the PostgreSQL database (if one was created); call after the app has closed it. */
  dispose(): Promise<void>;
}

/**
 * A fresh database for one test file: a uniquely named, empty database on the given PostgreSQL
 * server, or an in-memory embedded one when no server is given, a copy of the run's migrated
 * one (migrated-embedded.global.ts) unless `empty`.
 */
export async function createScratchDatabase(serverUrl: string | undefined, { empty = false, lockTimeoutMs }: { empty?: boolean; lockTimeoutMs?: number } = {}): Promise<ScratchDatabase> {
  if (!serverUrl) {
    const migrated = empty ? undefined : inject('migratedEmbeddedDatabase');
    return { database: await openDatabase(inMemoryLocation(migrated), ormModel), dispose: async () => {} };
  }
  const name = `v2mom_test_${randomBytes(6).toString('hex')}`;
  const admin = await MikroORM.init(ormOptions({ clientUrl: serverUrl }, ormModel));
  const adminConnection = admin.em.getConnection();
  await adminConnection.execute(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: 'postgresql', clientUrl: url.toString(), ...(lockTimeoutMs === undefined ? {} : { lockTimeoutMs }) }, ormModel);
    return {
      database,
      async dispose() {
        await adminConnection.execute(`drop database if exists "${name}" with (force)`);
        await admin.close();
      },
    };
  } catch (error) {
    await admin.close();
    throw error;
  }
}
