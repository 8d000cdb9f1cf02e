import { RequestContext, type EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/cluster.js';
import { serverDatabaseUrl } from '../test/row-locks.js';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.js';
import { isLockWaitTimeout } from './lock-wait.js';

/** Short, so the request's wait gives up well within the test. */
const LOCK_TIMEOUT_MS = 100;
/** Any key in the advisory lock space: the lock the holder keeps and the others queue for. */
const HELD = 4_242;

async function takeLock(em: EntityManager): Promise<void> {
  await em.getConnection().execute('select pg_advisory_xact_lock(?)', [HELD], 'all', em.getTransactionContext());
}

/** How long the statement that waits for a lock in the scratch database has waited, in ms (0 when none waits). */
async function waitedMs(em: EntityManager): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<Array<{ waited: number | null }>>(
      `select max(extract(epoch from clock_timestamp() - query_start) * 1000)::int as waited from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
  return row?.waited ?? 0;
}

/**
 * A PostgreSQL database opened with a lock wait (db/lock-wait.ts): a request's transaction gives
 * up on a lock held past it, any other transaction (a job's, a migration's) waits for it.
 */
describe.skipIf(!serverDatabaseUrl)('the lock wait of a PostgreSQL connection', () => {
  let scratch: ScratchDatabase;
  let holder: EntityManager;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverDatabaseUrl, { empty: true, lockTimeoutMs: LOCK_TIMEOUT_MS });
    holder = scratch.database.orm.em.fork();
    await holder.begin();
    await takeLock(holder);
  });

  afterAll(async () => {
    await holder?.rollback();
    await scratch?.database.close();
    await scratch?.dispose();
  });

  it('ends a request’s transaction that waited past it with a lock-wait time-out', async () => {
    const { orm } = scratch.database;
    const failure = await RequestContext.create(orm.em, () => orm.em.transactional(takeLock)).catch((error: unknown) => error);
    expect(isLockWaitTimeout(failure)).toBe(true);
  });

  it('lets a transaction outside any request wait for the lock as long as it is held', { timeout: 30_000 }, async () => {
    const { orm } = scratch.database;
    const waiting = orm.em.fork().transactional(takeLock);
    const outcome = waiting.then(() => 'took it', (error: unknown) => error);
    await until(async () => (await waitedMs(orm.em.fork())) > 3 * LOCK_TIMEOUT_MS);
    await holder.rollback();
    expect(await outcome).toBe('took it');
    holder = orm.em.fork();
    await holder.begin();
    await takeLock(holder);
  });
});
