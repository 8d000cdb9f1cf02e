import type { EntityManager } from '@mikro-orm/core';
import { checkInTimeAtOrBefore, companyDay, digestTimeAtOrBefore, fiscalQuarterAt, previousCheckInTime, type TWorkStatus } from '@v2mom/contracts';
import type { MeetingDigestData } from '../email/templates/email-messages.js';
import { countedMethodsFrom } from './counted-methods.js';
import type { Rhythm } from './rhythm.entity.js';

/** How many methods the digest names as the biggest movers. */
const MOVERS = 5;

type Rows<T> = Promise<T[]>;

/**
 * What the meeting digest tells (docs/PRODUCT.md#rhythm), as of its time `at`: of the methods the
 * rhythm counts, the share checked in this check-in period; since the digest before, the methods
 * that went At Risk, the obstacles added and the methods whose progress moved most; and the methods
 * stale now. A few statements over the whole organisation, read in the run's transaction.
 */
export async function meetingDigestOf(em: EntityManager, rhythm: Rhythm, at: Date): Promise<Omit<MeetingDigestData, 'meetingDay'>> {
  // eslint-disable-next-line local/no-raw-sql -- the counted methods are SQL text that the rhythm's runs share (counted-methods.ts): no typed form yet
  const run = <T>(sql: string, params: unknown[]): Rows<T> => em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Rows<T>;
  const { year } = fiscalQuarterAt(at, rhythm.timeZone);
  const periodStart = checkInTimeAtOrBefore(rhythm, at);
  const staleBefore = previousCheckInTime(rhythm, previousCheckInTime(rhythm, periodStart));
  const since = digestTimeAtOrBefore(rhythm, new Date(at.getTime() - 1));

  const [share] = await run<{ count: number; of: number }>(`select count(*) filter (where m.last_check_in_at >= ?)::int as count, count(*)::int as "of" ${countedMethodsFrom()}`, [periodStart, year]);
  const statusChanges = await run<{ id: number; name: string; owner: string; to: TWorkStatus }>(
    `select m.id, m.description as name, u.name as owner, m.status as "to" ${countedMethodsFrom()}
       and m.status = 'at_risk'
       and exists (select 1 from check_in c where c.method_id = m.id and c.at >= ? and c.status = 'at_risk' and c.prev_status is distinct from 'at_risk')
     order by m.description`,
    [year, since],
  );
  const stale = await run<{ id: number; name: string; owner: string; since: string }>(
    `select m.id, m.description as name, u.name as owner, coalesce(m.last_check_in_at, m.created_at) as since ${countedMethodsFrom()}
       and coalesce(m.last_check_in_at, m.created_at) < ?
     order by since, m.id`,
    [year, staleBefore],
  );
  const newObstacles = await run<{ id: number; description: string; v2mom_id: number; v2mom_title: string }>(
    `select o.id, o.description, v.id as v2mom_id, v.title as v2mom_title from obstacle o join v2mom v on v.id = o.v2mom_id
     where o.created_at >= ? and v.year = ? order by o.created_at, o.id`,
    [since, year],
  );
  // A method's progress before the period is the one before its first check-in since then.
  const firstSince = `join lateral (select c.prev_progress from check_in c where c.method_id = m.id and c.at >= ? order by c.at, c.id limit 1) first on true`;
  const movers = await run<{ id: number; name: string; from: number; to: number }>(
    `select m.id, m.description as name, first.prev_progress as "from", m.progress as "to" ${countedMethodsFrom(firstSince)}
       and first.prev_progress <> m.progress
     order by abs(m.progress - first.prev_progress) desc, m.id limit ${MOVERS}`,
    [since, year],
  );
  return {
    checkedIn: share ?? { count: 0, of: 0 },
    statusChanges,
    stale: stale.map((row) => ({ id: row.id, name: row.name, owner: row.owner, staleSince: companyDay(rhythm, row.since) })),
    newObstacles: newObstacles.map((row) => ({ id: row.id, description: row.description, v2mom: { id: row.v2mom_id, title: row.v2mom_title } })),
    biggestMovers: movers,
  };
}
