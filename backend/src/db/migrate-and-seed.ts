import type { EntityManager } from '@mikro-orm/core';
import { User } from '../modules/users/user.entity.js';
import type { Database } from './database.js';
import { DemoSeeder } from '../seeds/demo/DemoSeeder.js';

/** Any number every replica agrees on: the key of the lock in PostgreSQL's advisory lock space. */
const MIGRATE_AND_SEED_LOCK = 7_262_015;

async function seedIfEmpty(em: EntityManager, demoPassword: string | null, today: Date): Promise<boolean> {
  if (demoPassword === null || (await em.count(User)) > 0) return false;
  await new DemoSeeder({ password: demoPassword, today }).run(em);
  return true;
}

/**
 * Applies pending migrations and, when `demoPassword` is given and nobody exists yet, seeds the
 * demo organisation as of `today` (the server's clock); answers whether it seeded. On PostgreSQL all of it runs in one transaction
 * that first takes a transaction-scoped advisory lock, so replicas started together take turns:
 * the first migrates and seeds, the others wait, then find nothing pending and people there.
 * The embedded database belongs to this process alone, on one connection that a lock-holding
 * transaction would keep from the migrator: nobody to wait for, so no lock.
 */
export async function migrateAndSeed({ orm, driver }: Pick<Database, 'orm' | 'driver'>, demoPassword: string | null, today: Date): Promise<boolean> {
  if (driver === 'embedded') {
    await orm.migrator.up();
    return orm.em.fork().transactional((em) => seedIfEmpty(em, demoPassword, today));
  }
  return orm.em.fork().transactional(async (em) => {
    const transaction = em.getTransactionContext();
    await em.getConnection().execute('select pg_advisory_xact_lock(?)', [MIGRATE_AND_SEED_LOCK], 'run', transaction);
    await orm.migrator.up({ transaction });
    return seedIfEmpty(em, demoPassword, today);
  });
}
