import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { ChangeLogSubscriber } from './change-log.subscriber.js';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OrmConnection {
  clientUrl: string;
  /** The embedded database serves one connection at a time. */
  singleConnection?: boolean;
}

export function ormOptions({ clientUrl, singleConnection = false }: OrmConnection): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator, SeedManager],
    subscribers: [new ChangeLogSubscriber()],
    pool: singleConnection ? { min: 0, max: 1 } : { min: 0, max: 10 },
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
