import { sql, type Kysely } from 'kysely';
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
    .leftJoinLateral(nearest('<=').select(['c.progress', 'c.status', 'c.current_measure']).as('before'), (join) => join.onTrue())
    .leftJoinLateral(nearest('>').select(['c.prev_progress', 'c.prev_status', 'c.prev_current_measure']).as('first'), (join) => join.onTrue())
    .select((eb) => [
      'm.id',
      eb.fn.coalesce('before.progress', 'first.prev_progress', 'm.progress').as('progress'),
      eb.fn.coalesce('before.status', 'first.prev_status', 'm.status').as('status'),
      eb.fn.coalesce('before.current_measure', 'first.prev_current_measure', 'm.current_measure').as('current_measure'),
    ]);
}
