import type { EntityManager } from '@mikro-orm/core';
import type { Database } from './database.js';

/** Any number every replica agrees on: the key of the lock in PostgreSQL's advisory lock space. */
const MIGRATE_AND_SEED_LOCK = 7_262_015;

/** What a start seeds once the migrations are through, in their transaction; answers whether it seeded anything. */
export type StartSeed = (em: EntityManager) => Promise<boolean>;

/**
 * Applies pending migrations and then runs `seed`, if given (the demo organisation on an empty
 * database); answers whether it seeded. On PostgreSQL all of it runs in one transaction
 * that first takes a transaction-scoped advisory lock, so replicas started together take turns:
 * the first migrates and seeds, the others wait, then find nothing pending and people there.
 * The embedded database belongs to this process alone, on one connection that a lock-holding
 * transaction would keep from the migrator: nobody to wait for, so no lock.
 */
export async function migrateAndSeed({ orm, driver }: Pick<Database, 'orm' | 'driver'>, seed: StartSeed | null): Promise<boolean> {
  if (driver === 'embedded') {
    await orm.migrator.up();
    return seed !== null && orm.em.fork().transactional(seed);
  }
  return orm.em.fork().transactional(async (em) => {
    const transaction = em.getTransactionContext();
    await em.getConnection().execute('select pg_advisory_xact_lock(?)', [MIGRATE_AND_SEED_LOCK], 'run', transaction);
    await orm.migrator.up({ transaction });
    return seed !== null && seed(em);
  });
}
