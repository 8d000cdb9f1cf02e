import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import type { TestProject } from 'vitest/node';
import { servePglite } from '../db/embedded-server.js';
import { ormOptions } from '../db/orm.config.js';
import { loadEnv } from '../env.js';
import { ormModel } from '../modules/orm-model.js';

/**
 * On the embedded database, migrates one in-memory database once for the whole run and dumps it:
 * each test's database then starts as a copy of it, skipping most of a new database's start
 * (docs/PERFORMANCE.md#test-suites). On PostgreSQL there is nothing to share.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const env = loadEnv({ NODE_ENV: 'test' });
  if (env.TEST_DATABASE_URL ?? env.DATABASE_URL) {
    project.provide('migratedEmbeddedDatabase', undefined);
    return undefined;
  }
  const served = await servePglite();
  const file = join(tmpdir(), `v2mom-migrated-${randomBytes(6).toString('hex')}.tar`);
  try {
    const orm = await MikroORM.init(ormOptions({ clientUrl: served.clientUrl, singleConnection: true }, ormModel));
    await orm.migrator.up();
    await orm.close();
    await writeFile(file, await served.dump());
  } finally {
    await served.stop();
  }
  project.provide('migratedEmbeddedDatabase', file);
  return () => rm(file, { force: true });
}
