import { sql, type Kysely } from 'kysely';
import type { TLoggedEntity } from '@v2mom/contracts';
import type { ReadDb } from '../read-db.js';

/**
 * Methods (`method as m`) with their values at the moment `at` (docs/PRODUCT.md#trends): after
 * their last check-in at or before it; before their first check-in, the values before that one;
 * with no check-in at all, their values now. The trends start their weeks from it, the quarter
 * review reads a quarter's end with it (docs/PRODUCT.md#quarter-review). Two index look-ups per
 * method, whatever the number of methods.
 */
export function methodsAt(db: Kysely<ReadDb>, at: Date) {
  // The method's check-ins on one side of `at`, nearest first: the index's order or its reverse.
  const nearest = (side: '<=' | '>') =>
    db
      .selectFrom('check_in as c')
      .where('c.method_id', '=', sql.ref<number>('m.id'))
      .where('c.at', side, at)
      .orderBy('c.at', (order) => (side === '<=' ? order.desc().nullsLast() : order.asc().nullsFirst()))
      .orderBy('c.id', side === '<=' ? 'desc' : 'asc')
      .limit(1);
  return db
    .selectFrom('method as m')
    .leftJoinLateral(nearest('<=').select(['c.progress', 'c.status', 'c.current_measure', 'c.confidence']).as('before'), (join) => join.onTrue())
    .leftJoinLateral(
      nearest('>').select(['c.prev_progress', 'c.prev_status', 'c.prev_current_measure', 'c.prev_confidence']).as('first'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'm.id',
      eb.fn.coalesce('before.progress', 'first.prev_progress', 'm.progress').as('progress'),
      eb.fn.coalesce('before.status', 'first.prev_status', 'm.status').as('status'),
      eb.fn.coalesce('before.current_measure', 'first.prev_current_measure', 'm.current_measure').as('current_measure'),
      eb.fn.coalesce('before.confidence', 'first.prev_confidence', 'm.confidence').as('confidence'),
    ]);
}

/**
 * A column of the rows of `entity` (`alias.id`) as it was at `at`, from the change log
 * (docs/PRODUCT.md#change-log): the new value of the last change to it at or before `at`; before
 * its first change, the old value of the first one after; never changed, its value now. Read as
 * JSON so that a change to or from null counts. Two look-ups per row on the log's (entity, row id,
 * version) index.
 */
export function loggedColumnAt<Value extends string | null>(db: Kysely<ReadDb>, entity: TLoggedEntity, alias: string, column: string, field: string, at: Date) {
  const change = (side: '<=' | '>') =>
    db
      .selectFrom('change_log as cl')
      .select((eb) => eb.ref('cl.fields', '->').key(field).key(side === '<=' ? 'new' : 'old').as('value'))
      .where('cl.entity', '=', entity)
      .where('cl.row_id', '=', sql.ref<number>(`${alias}.id`))
      .where('cl.changed_at', side, at)
      .where((eb) => eb(eb.ref('cl.fields', '->').key(field), 'is not', null))
      .orderBy('cl.version', side === '<=' ? 'desc' : 'asc')
      .limit(1);
  // eslint-disable-next-line local/no-raw-sql -- to_jsonb and the #>> text extraction have no typed form in Kysely
  return sql<Value>`coalesce((${change('<=')}), (${change('>')}), to_jsonb(${sql.ref(`${alias}.${column}`)})) #>> '{}'`;
}
