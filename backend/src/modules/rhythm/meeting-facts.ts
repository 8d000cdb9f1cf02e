import type { EntityManager } from '@mikro-orm/core';
import type { NotNull } from 'kysely';
import { selectRows } from '../read-db.js';
import { EVERYONE } from '../v2moms/draft-readers.js';
import { visibleTo } from '../v2moms/v2mom-visibility.js';
import { countedMethods } from './counted-methods.js';

// What happened among the methods the rhythm counts since a moment: the meeting digest and the
// meeting brief (docs/PRODUCT.md#rhythm, #meeting-brief) tell the same facts, each over its own
// span, so both read them here. One statement each, over the whole organisation; what they name is
// read by everyone, so a draft V2MOM's methods are not among them (docs/PRODUCT.md#approval).

/** Of the counted methods, the share checked in since `periodStart`. */
export async function checkedInShare(em: EntityManager, year: number, periodStart: Date): Promise<{ count: number; of: number }> {
  const [share] = await selectRows(em, (db) =>
    countedMethods(db, year).select((eb) => [
      eb.cast<number>(eb.fn.countAll().filterWhere('m.last_check_in_at', '>=', periodStart), 'integer').as('count'),
      eb.cast<number>(eb.fn.countAll(), 'integer').as('of'),
    ]),
  );
  return share ?? { count: 0, of: 0 };
}

/** Methods At Risk now that turned At Risk at a check-in since `since`, by name; `limit` caps them. */
export function wentAtRisk(em: EntityManager, year: number, since: Date, limit?: number) {
  return selectRows(em, (db) => {
    const query = countedMethods(db, year)
      .select(['m.id', 'm.description as name', 'u.name as owner', 'm.status as to'])
      .where('m.status', '=', 'at_risk')
      .where(visibleTo(EVERYONE))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('check_in as c')
            .select('c.id')
            .whereRef('c.method_id', '=', 'm.id')
            .where('c.at', '>=', since)
            .where('c.status', '=', 'at_risk')
            .where('c.prev_status', 'is distinct from', 'at_risk'),
        ),
      )
      .orderBy('m.description')
      .orderBy('m.id');
    return limit === undefined ? query : query.limit(limit);
  });
}

/** The `limit` methods whose progress moved most since `since`: before and now, in percent. */
export function biggestMovers(em: EntityManager, year: number, since: Date, limit: number) {
  return selectRows(em, (db) =>
    countedMethods(db, year)
      // A method's progress before the period is the one before its first check-in since then: the
      // period's check-ins read along their time, not each counted method's looked up in turn.
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('check_in as c')
            .distinctOn('c.method_id')
            .select(['c.method_id', 'c.prev_progress'])
            .where('c.at', '>=', since)
            .orderBy('c.method_id')
            .orderBy('c.at')
            .orderBy('c.id')
            .as('first'),
        (join) => join.onRef('first.method_id', '=', 'm.id'),
      )
      .select(['m.id', 'm.description as name', 'first.prev_progress as from', 'm.progress as to'])
      .whereRef('first.prev_progress', '<>', 'm.progress')
      .where(visibleTo(EVERYONE))
      // A null progress before is unequal to none: the comparison left it out.
      .$narrowType<{ from: NotNull }>()
      .orderBy((eb) => eb.fn('abs', [eb('m.progress', '-', eb.ref('first.prev_progress'))]), 'desc')
      .orderBy('m.id')
      .limit(limit),
  );
}
