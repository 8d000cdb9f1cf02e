import type { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDatabaseUrl } from '../test/row-locks.js';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.js';
import { readBuilder } from './read-builder.js';

interface ProbeDb {
  prepared_probe: { id: number; label: string };
}

const { selectOnce, selectRows } = readBuilder<ProbeDb>();

const labelOf = selectOnce((db, _em, id: number) => db.selectFrom('prepared_probe').select('label').where('id', '=', id));
const labelsOf = selectOnce((db, _em, ids: readonly number[]) =>
  db
    .selectFrom('prepared_probe')
    .select('label')
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .orderBy('id'),
);

/**
 * The statements every request runs (`selectOnce`) are prepared once per connection and run from
 * PostgreSQL's plan cache (db/prepared-statements.ts); the others are sent as before. Seen from
 * the connection itself, in `pg_prepared_statements`, inside one transaction so that every
 * statement shares it.
 */
describe.skipIf(!serverDatabaseUrl)('prepared statements', () => {
  let scratch: ScratchDatabase;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverDatabaseUrl, { empty: true });
    await scratch.database.orm.em
      .getConnection()
      .execute(`create table prepared_probe (id int primary key, label text not null); insert into prepared_probe values (1, 'one'), (2, 'two')`);
  }, 60_000);

  afterAll(() => scratch?.dispose());

  const preparedOnConnection = async (em: EntityManager): Promise<string[]> => {
    const rows: Array<{ statement: string }> = await em.getConnection().execute('select statement from pg_prepared_statements', [], 'all', em.getTransactionContext());
    return rows.map((row) => row.statement);
  };

  it("prepares a request's fixed statement once on its connection and answers each call's own argument", async () => {
    await scratch.database.orm.em.fork().transactional(async (em) => {
      expect(await labelOf(em, 1)).toEqual([{ label: 'one' }]);
      expect(await labelOf(em, 2)).toEqual([{ label: 'two' }]);
      const prepared = await preparedOnConnection(em);
      expect(prepared.filter((statement) => statement.includes('"prepared_probe"'))).toEqual([expect.stringMatching(/where "id" = \$1$/)]);
    });
  });

  it('sends a list of ids as one array: one prepared statement whatever their number', async () => {
    await scratch.database.orm.em.fork().transactional(async (em) => {
      expect(await labelsOf(em, [2])).toEqual([{ label: 'two' }]);
      expect(await labelsOf(em, [2, 1, 3])).toEqual([{ label: 'one' }, { label: 'two' }]);
      expect(await labelsOf(em, [])).toEqual([]);
      const prepared = await preparedOnConnection(em);
      expect(prepared.filter((statement) => statement.includes('any('))).toEqual([expect.stringMatching(/where "id" = any\(\$1\) order by "id"$/)]);
    });
  });

  it('plans every other statement afresh', async () => {
    await scratch.database.orm.em.fork().transactional(async (em) => {
      const rows = await selectRows(em, (db) => db.selectFrom('prepared_probe').select('label').where('label', '=', 'two'));
      expect(rows).toEqual([{ label: 'two' }]);
      expect((await preparedOnConnection(em)).filter((statement) => statement.includes("'two'") || statement.includes('"label" = $1'))).toEqual([]);
    });
  });
});
