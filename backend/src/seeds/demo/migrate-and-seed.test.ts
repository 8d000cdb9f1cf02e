import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../modules/users/user.entity.js';
import { loadEnv } from '../../env.js';
import { DEMO_PASSWORD, TEST_CLOCK_START } from '../../test/test-app.js';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import { openDatabase, type Database } from '../../db/database.js';
import { migrateAndSeed } from '../../db/migrate-and-seed.js';
import { DEMO_ACCOUNTS, DEMO_MEMBERS } from './demo-people.js';
import { seedDemoIfEmpty } from './seed-demo.js';
import { ormModel } from '../../modules/orm-model.js';

const env = loadEnv({ NODE_ENV: 'test' });
let scratch: ScratchDatabase;
let second: Database | null = null;
/** Far shorter than migrating and seeding: the server that waits for the other does so past its requests' lock wait (db/lock-wait.ts). */
const LOCK_TIMEOUT_MS = 50;

beforeAll(async () => {
  scratch = await createScratchDatabase(env.TEST_DATABASE_URL ?? env.DATABASE_URL, { empty: true, lockTimeoutMs: LOCK_TIMEOUT_MS });
  // Two replicas are two pools on one PostgreSQL database; the in-memory embedded database cannot
  // be opened twice, so there both starts share its one connection (and the test proves less).
  const clientUrl = scratch.database.orm.config.get('clientUrl');
  if (scratch.database.driver === 'postgresql' && clientUrl) second = await openDatabase({ kind: 'postgresql', clientUrl, lockTimeoutMs: LOCK_TIMEOUT_MS }, ormModel);
});
afterAll(async () => {
  await second?.close();
  await scratch.database.close();
  await scratch.dispose();
});

describe('two servers starting at once on one fresh database', () => {
  it('both start: one migrates and seeds, the other waits and finds it done', async () => {
    const databases = [scratch.database, second ?? scratch.database];
    const seeded = await Promise.all(databases.map((database) => migrateAndSeed(database, seedDemoIfEmpty(DEMO_PASSWORD, TEST_CLOCK_START))));

    expect(seeded.sort()).toEqual([false, true]);
    expect(await scratch.database.orm.em.fork().count(User)).toBe(DEMO_ACCOUNTS.length + DEMO_MEMBERS.length);
    for (const { orm } of databases) expect(await orm.migrator.getPending()).toEqual([]);
  });
});
