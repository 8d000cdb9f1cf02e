import type { EntityManager } from '@mikro-orm/core';
import { checkInTimeAtOrBefore, companyDay, digestTimeAtOrBefore, fiscalQuarterAt, staleRuleAt } from '@v2mom/contracts';
import type { MeetingDigestData } from '../email/templates/email-messages.js';
import { selectRows } from '../read-db.js';
import { EVERYONE } from '../v2moms/draft-readers.js';
import { visibleTo } from '../v2moms/v2mom-visibility.js';
import { countedMethods } from './counted-methods.js';
import { biggestMovers, checkedInShare, wentAtRisk } from './meeting-facts.js';
import { isStaleMethod } from './stale-methods.js';
import type { Rhythm } from './rhythm.entity.js';

/** How many methods the digest names as the biggest movers. */
const MOVERS = 5;

/**
 * What the meeting digest tells (docs/PRODUCT.md#rhythm), as of its time `at`: of the methods the
 * rhythm counts, the share checked in this check-in period; since the digest before, the methods
 * that went At Risk, the obstacles added and the methods whose progress moved most; and the methods
 * stale now, none of a draft V2MOM (docs/PRODUCT.md#approval). A few statements over the whole
 * organisation, read in the run's transaction.
 */
export async function meetingDigestOf(em: EntityManager, rhythm: Rhythm, at: Date): Promise<Omit<MeetingDigestData, 'meetingDay' | 'brief'>> {
  const { year } = fiscalQuarterAt(at, rhythm.timeZone);
  const periodStart = checkInTimeAtOrBefore(rhythm, at);
  const since = digestTimeAtOrBefore(rhythm, new Date(at.getTime() - 1));

  const statusChanges = await wentAtRisk(em, year, since);
  const stale = await selectRows(em, (db) =>
    countedMethods(db, year)
      .select((eb) => ['m.id', 'm.description as name', 'u.name as owner', eb.fn.coalesce('m.last_check_in_at', 'm.created_at').as('since')])
      .where((eb) => isStaleMethod(eb, staleRuleAt(rhythm, at)))
      .where(visibleTo(EVERYONE))
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
      .where(visibleTo(EVERYONE))
      .orderBy('o.created_at')
      .orderBy('o.id'),
  );
  return {
    checkedIn: await checkedInShare(em, year, periodStart),
    statusChanges,
    stale: stale.map((row) => ({ id: row.id, name: row.name, owner: row.owner, staleSince: companyDay(rhythm, row.since) })),
    newObstacles: newObstacles.map((row) => ({ id: row.id, description: row.description, v2mom: { id: row.v2mom_id, title: row.v2mom_title } })),
    biggestMovers: await biggestMovers(em, year, since, MOVERS),
  };
}
