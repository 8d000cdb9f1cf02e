import type { EntityManager } from '@mikro-orm/core';
import { briefMeetingAt, checkInTimeAtOrBefore, companyDay, fiscalQuarterAt, meetingTimeAtOrBefore } from '@v2mom/contracts';
import type { Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { countedMethods } from './counted-methods.js';
import { biggestMovers, checkedInShare, wentAtRisk } from './meeting-facts.js';
import type { Rhythm } from './rhythm.entity.js';

/** How many items the brief names of each kind; the counts say how many there are in all. */
const TOP = 5;

/** A method the brief names, with what links to it. */
interface NamedMethod {
  id: number;
  name: string;
}

/** What the meeting brief is written from (docs/PRODUCT.md#meeting-brief); every item carries its id. */
export interface MeetingBriefFacts {
  /** The meeting it prepares, and the meeting before it, from which everything is counted. */
  meetingAt: Date;
  since: Date;
  /** The company's days of both, `YYYY-MM-DD`. */
  meetingDay: string;
  sinceDay: string;
  movers: Array<NamedMethod & { from: number; to: number }>;
  wentAtRisk: { total: number; methods: Array<NamedMethod & { owner: string | null }> };
  obstacles: { total: number; oldest: Array<{ id: number; description: string; openSince: string; v2mom: { id: number; title: string } }> };
  /** Of the counted methods, those checked in this check-in period, and the people whose are missing, most missing first. */
  checkIns: {
    periodStart: Date;
    checkedIn: { count: number; of: number };
    missingPeople: number;
    missing: Array<{ owner: string; count: number; method: NamedMethod }>;
  };
}

/**
 * The facts of the brief at `now`: of the methods the rhythm counts, since the meeting before the
 * one it prepares, the ones that moved most and the ones that went At Risk; the obstacles open
 * longest; the people with methods not checked in this check-in period. A statement each, bounded.
 */
export async function meetingBriefFacts(em: EntityManager, rhythm: Rhythm, now: Date): Promise<MeetingBriefFacts> {
  const { year } = fiscalQuarterAt(now, rhythm.timeZone);
  const meetingAt = briefMeetingAt(rhythm, now);
  const since = meetingTimeAtOrBefore(rhythm, new Date(meetingAt.getTime() - 1));
  const periodStart = checkInTimeAtOrBefore(rhythm, now);

  const movers = await biggestMovers(em, year, since, TOP);
  const atRisk = await wentAtRisk(em, year, since);
  const obstacles = await selectRows(em, (db) =>
    db
      .selectFrom('obstacle as o')
      .innerJoin('v2mom as v', 'v.id', 'o.v2mom_id')
      .select(['o.id', 'o.description', 'o.created_at', 'v.id as v2mom_id', 'v.title as v2mom_title', (eb) => eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total')])
      .where('v.year', '=', year)
      .orderBy('o.created_at')
      .orderBy('o.id')
      .limit(TOP),
  );
  const missingOf = (db: Kysely<ReadDb>) =>
    countedMethods(db, year).where((eb) => eb.or([eb('m.last_check_in_at', 'is', null), eb('m.last_check_in_at', '<', periodStart)]));
  const missing = await selectRows(em, (db) =>
    missingOf(db)
      .groupBy(['u.id', 'u.name'])
      .select((eb) => [
        'u.id as owner_id',
        'u.name as owner',
        eb.cast<number>(eb.fn.countAll(), 'integer').as('count'),
        eb.cast<number>(eb.fn.countAll().over(), 'integer').as('people'),
      ])
      .orderBy('count', 'desc')
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(TOP),
  );
  // Of each person named, the method waiting longest, to link to.
  const waiting =
    missing.length === 0
      ? []
      : await selectRows(em, (db) =>
          missingOf(db)
            .where('u.id', 'in', missing.map((person) => person.owner_id))
            .distinctOn('u.id')
            .select(['u.id as owner_id', 'm.id', 'm.description as name'])
            .orderBy('u.id')
            .orderBy((eb) => eb.fn.coalesce('m.last_check_in_at', 'm.created_at'))
            .orderBy('m.id'),
        );
  const longestWaiting = new Map(waiting.map(({ owner_id, id, name }) => [owner_id, { id, name }]));
  return {
    meetingAt,
    since,
    meetingDay: companyDay(rhythm, meetingAt),
    sinceDay: companyDay(rhythm, since),
    movers,
    wentAtRisk: { total: atRisk.length, methods: atRisk.slice(0, TOP).map(({ id, name, owner }) => ({ id, name, owner })) },
    obstacles: {
      total: obstacles[0]?.total ?? 0,
      oldest: obstacles.map((row) => ({ id: row.id, description: row.description, openSince: companyDay(rhythm, row.created_at), v2mom: { id: row.v2mom_id, title: row.v2mom_title } })),
    },
    checkIns: {
      periodStart,
      checkedIn: await checkedInShare(em, year, periodStart),
      missingPeople: missing[0]?.people ?? 0,
      missing: missing.flatMap((row) => {
        const method = longestWaiting.get(row.owner_id);
        return method ? [{ owner: row.owner, count: row.count, method }] : [];
      }),
    },
  };
}
