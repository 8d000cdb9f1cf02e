import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { loadEnv } from '../env.js';

/**
 * The PostgreSQL server of the tests, for those that hold a row while requests queue for it: that
 * needs connections of their own, and the embedded database has one, which the holder would keep
 * from everyone.
 */
export const serverDatabaseUrl: string | undefined = (() => {
  const env = loadEnv({ NODE_ENV: 'test' });
  return env.TEST_DATABASE_URL ?? env.DATABASE_URL;
})();

/** Holds one row of `table` with FOR UPDATE in a transaction of its own until `release()`. */
export async function holdRow(orm: MikroORM, table: 'value' | 'task' | 'method', id: number): Promise<{ release: () => Promise<void> }> {
  const holder = orm.em.fork();
  await holder.begin();
  await holder.getConnection().execute(`select id from ${table} where id = ? for update`, [id], 'all', holder.getTransactionContext());
  return { release: () => holder.rollback() };
}

/** How many of the test database's statements wait for a lock. */
export async function waitingForLocks(em: EntityManager): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<Array<{ waiting: number }>>(`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
  return row?.waiting ?? 0;
}
