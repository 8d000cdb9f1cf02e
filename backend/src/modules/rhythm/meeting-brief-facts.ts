import type { EntityManager } from '@mikro-orm/core';
import { briefMeetingAt, checkInTimeAtOrBefore, companyDay, fiscalQuarterAt, meetingTimeAtOrBefore } from '@v2mom/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { EVERYONE } from '../v2moms/draft-readers.js';
import { visibleTo } from '../v2moms/v2mom-visibility.js';
import { countedMethods } from './counted-methods.js';
import { biggestMovers, wentAtRisk } from './meeting-facts.js';
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
  // The oldest few along `obstacle_created_at_id_index`, and how many there are from indexes alone:
  // a count beside the few would sort every obstacle of the year.
  const obstaclesOf = (db: Kysely<ReadDb>) =>
    db.selectFrom('obstacle as o').innerJoin('v2mom as v', 'v.id', 'o.v2mom_id').where('v.year', '=', year).where(visibleTo(EVERYONE));
  const oldest = await selectRows(em, (db) =>
    obstaclesOf(db).select(['o.id', 'o.description', 'o.created_at', 'v.id as v2mom_id', 'v.title as v2mom_title']).orderBy('o.created_at').orderBy('o.id').limit(TOP),
  );
  const [obstacleCount] = await selectRows(em, (db) => obstaclesOf(db).select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total')));
  const lacksCheckIn = (eb: ExpressionBuilder<{ m: ReadDb['method'] }, 'm'>) =>
    eb.or([eb('m.last_check_in_at', 'is', null), eb('m.last_check_in_at', '<', periodStart)]);
  const missingOf = (db: Kysely<ReadDb>) => countedMethods(db, year).where(lacksCheckIn);
  // Every owner of counted methods with how many lack a check-in, most first, and over all of them
  // the share checked in and how many people lack one: one pass over the company's methods.
  const owners = await selectRows(em, (db) =>
    countedMethods(db, year)
      .groupBy(['u.id', 'u.name'])
      .select((eb) => {
        const checkedIn = eb.fn.countAll().filterWhere('m.last_check_in_at', '>=', periodStart);
        const missingCount = eb.fn.countAll().filterWhere(lacksCheckIn);
        return [
          'u.id as owner_id',
          'u.name as owner',
          eb.cast<number>(missingCount, 'integer').as('count'),
          eb.cast<number>(eb.fn.sum(checkedIn).over(), 'integer').as('checked_in'),
          eb.cast<number>(eb.fn.sum(eb.fn.countAll()).over(), 'integer').as('of'),
          eb.cast<number>(eb.fn.sum(eb.case().when(checkedIn, '<', eb.fn.countAll()).then(1).else(0).end()).over(), 'integer').as('people'),
        ];
      })
      .orderBy('count', 'desc')
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(TOP),
  );
  const missing = owners.filter((owner) => owner.count > 0);
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
      total: obstacleCount?.total ?? 0,
      oldest: oldest.map((row) => ({ id: row.id, description: row.description, openSince: companyDay(rhythm, row.created_at), v2mom: { id: row.v2mom_id, title: row.v2mom_title } })),
    },
    checkIns: {
      periodStart,
      checkedIn: { count: owners[0]?.checked_in ?? 0, of: owners[0]?.of ?? 0 },
      missingPeople: owners[0]?.people ?? 0,
      missing: missing.flatMap((row) => {
        const method = longestWaiting.get(row.owner_id);
        return method ? [{ owner: row.owner, count: row.count, method }] : [];
      }),
    },
  };
}
