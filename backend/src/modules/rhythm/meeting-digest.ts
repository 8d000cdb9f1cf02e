import type { EntityManager } from '@mikro-orm/core';
import { checkInTimeAtOrBefore, companyDay, digestTimeAtOrBefore, fiscalQuarterAt, staleRuleAt } from '@v2mom/contracts';
import type { MeetingDigestData } from '../email/templates/email-messages.js';
import type { NotNull } from 'kysely';
import { selectRows } from '../read-db.js';
import { countedMethods } from './counted-methods.js';
import { isStaleMethod } from './stale-methods.js';
import type { Rhythm } from './rhythm.entity.js';

/** How many methods the digest names as the biggest movers. */
const MOVERS = 5;

/**
 * What the meeting digest tells (docs/PRODUCT.md#rhythm), as of its time `at`: of the methods the
 * rhythm counts, the share checked in this check-in period; since the digest before, the methods
 * that went At Risk, the obstacles added and the methods whose progress moved most; and the methods
 * stale now. A few statements over the whole organisation, read in the run's transaction.
 */
export async function meetingDigestOf(em: EntityManager, rhythm: Rhythm, at: Date): Promise<Omit<MeetingDigestData, 'meetingDay'>> {
  const { year } = fiscalQuarterAt(at, rhythm.timeZone);
  const periodStart = checkInTimeAtOrBefore(rhythm, at);
  const since = digestTimeAtOrBefore(rhythm, new Date(at.getTime() - 1));

  const [share] = await selectRows(em, (db) =>
    countedMethods(db, year).select((eb) => [
      eb.cast<number>(eb.fn.countAll().filterWhere('m.last_check_in_at', '>=', periodStart), 'integer').as('count'),
      eb.cast<number>(eb.fn.countAll(), 'integer').as('of'),
    ]),
  );
  const statusChanges = await selectRows(em, (db) =>
    countedMethods(db, year)
      .select(['m.id', 'm.description as name', 'u.name as owner', 'm.status as to'])
      .where('m.status', '=', 'at_risk')
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
      .orderBy('m.description'),
  );
  const stale = await selectRows(em, (db) =>
    countedMethods(db, year)
      .select((eb) => ['m.id', 'm.description as name', 'u.name as owner', eb.fn.coalesce('m.last_check_in_at', 'm.created_at').as('since')])
      .where((eb) => isStaleMethod(eb, staleRuleAt(rhythm, at)))
      .orderBy('since')
      .orderBy('m.id'),
  );
  const newObstacles = await selectRows(em, (db) =>
    db
      .selectFrom('obstacle as o')
      .innerJoin('v2mom as v', 'v.id', 'o.v2mom_id')
      .select(['o.id', 'o.description', 'v.id as v2mom_id', 'v.title as v2mom_title'])
      .where('o.created_at', '>=', since)
      .where('v.year', '=', year)
      .orderBy('o.created_at')
      .orderBy('o.id'),
  );
  const movers = await selectRows(em, (db) =>
    countedMethods(db, year)
      // A method's progress before the period is the one before its first check-in since then.
      .innerJoinLateral(
        (eb) => eb.selectFrom('check_in as c').select('c.prev_progress').whereRef('c.method_id', '=', 'm.id').where('c.at', '>=', since).orderBy('c.at').orderBy('c.id').limit(1).as('first'),
        (join) => join.onTrue(),
      )
      .select(['m.id', 'm.description as name', 'first.prev_progress as from', 'm.progress as to'])
      .whereRef('first.prev_progress', '<>', 'm.progress')
      // A null progress before is unequal to none: the comparison left it out.
      .$narrowType<{ from: NotNull }>()
      .orderBy((eb) => eb.fn('abs', [eb('m.progress', '-', eb.ref('first.prev_progress'))]), 'desc')
      .orderBy('m.id')
      .limit(MOVERS),
  );
  return {
    checkedIn: share ?? { count: 0, of: 0 },
    statusChanges,
    stale: stale.map((row) => ({ id: row.id, name: row.name, owner: row.owner, staleSince: companyDay(rhythm, row.since) })),
    newObstacles: newObstacles.map((row) => ({ id: row.id, description: row.description, v2mom: { id: row.v2mom_id, title: row.v2mom_title } })),
    biggestMovers: movers,
  };
}
