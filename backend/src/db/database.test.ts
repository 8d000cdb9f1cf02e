import { describe, expect, it } from 'vitest';
import { serverDatabaseUrl } from '../test/row-locks.js';
import { createScratchDatabase } from '../test/scratch-database.js';

/**
 * Closing a server's database is bounded (db/database.ts): a connection its pool never gets back
 * (held here by a transaction left open, as one `pg-pool` opened after its time-out stays checked
 * out) does not keep a stopping server from stopping.
 */
describe.skipIf(!serverDatabaseUrl)('closing a PostgreSQL database', () => {
  it('ends while a connection is still checked out of its pool', { timeout: 60_000 }, async () => {
    const scratch = await createScratchDatabase(serverDatabaseUrl, { empty: true });
    try {
      const holder = scratch.database.orm.em.fork();
      await holder.begin();
      await holder.getConnection().execute('select 1', [], 'all', holder.getTransactionContext());
      await expect(scratch.database.close()).resolves.toBeUndefined();
    } finally {
      await scratch.dispose();
    }
  });
});
