import type { EntityManager } from '@mikro-orm/core';
import {
  CHECK_IN_PAGE_SIZE,
  checkInCursor,
  TREND_LIMITS,
  type TCheckIn,
  type TCheckInPage,
  type TCheckInQuery,
  type TTrendPoint,
  type TTrends,
  type TTrendsRequest,
  isWorkStatus,
} from '@v2mom/contracts';
import { sql } from 'kysely';
import { selectRows } from '../read-db.js';
import { knownCursor } from '../shared/guards.js';
import { readableMethod } from '../methods/method.read.js';
import { methodVisibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';
import { methodsAt } from './values-at.js';
import { isoTimestamp, joined } from '../shared/read-rows.js';

const WEEK_MS = 7 * 86_400_000;

/**
 * One page of a method's check-ins, newest first and undated ones last (docs/PRODUCT.md#check-ins).
 * A page starts after the check-in its cursor names, compared in SQL, so equal instants page by id.
 * Whoever reads the method's V2MOM reads them: 404 when the method does not exist or is of a draft
 * the viewer may not read (docs/PRODUCT.md#approval); a cursor of another method's list, or one
 * this list never gave, is a 400.
 */
export async function listCheckIns(em: EntityManager, viewer: Viewer, methodId: number, { cursor, limit = CHECK_IN_PAGE_SIZE.default }: TCheckInQuery): Promise<TCheckInPage> {
  await readableMethod(em, viewer, methodId);
  if (cursor) {
    const [after] = cursor.methodId !== methodId ? [] : await selectRows(em, (db) => db.selectFrom('check_in').select('id').where('id', '=', cursor.checkInId).where('method_id', '=', methodId));
    knownCursor(after !== undefined);
  }
  const rows = await selectRows(em, (db) => {
    let query = db
      .selectFrom('check_in as c')
      .leftJoin('user as u', 'u.id', 'c.author_id')
      .select((eb) => [
        'c.id',
        isoTimestamp(eb.ref('c.at')).as('at'),
        'c.author_id',
        'u.name as author_name',
        'c.progress',
        'c.status',
        'c.current_measure',
        'c.update',
        'c.prev_progress',
        'c.prev_status',
        'c.prev_current_measure',
        'c.prev_update',
        'c.confidence',
        'c.prev_confidence',
        'c.confidence_reason',
        'c.via_token',
      ])
      .where('c.method_id', '=', methodId);
    if (cursor) {
      const last = db.selectFrom('check_in as k').where('k.id', '=', cursor.checkInId);
      const lastAt = last.select('k.at');
      query = query.where((eb) =>
        eb.or([
          eb.and([eb(lastAt, 'is', null), eb('c.at', 'is', null), eb('c.id', '<', cursor.checkInId)]),
          eb.and([
            eb(lastAt, 'is not', null),
            eb.or([eb('c.at', 'is', null), eb('c.at', '<', lastAt), eb.and([eb('c.at', '=', lastAt), eb('c.id', '<', cursor.checkInId)])]),
          ]),
        ]),
      );
    }
    return query.orderBy('c.at', (order) => order.desc().nullsLast()).orderBy('c.id', 'desc').limit(limit + 1);
  });
  const page = rows.slice(0, limit);
  const checkIns = page.map(
    (row): TCheckIn => ({
      id: row.id,
      methodId,
      at: row.at,
      author: joined({ id: row.author_id, name: row.author_name }),
      progress: row.progress,
      status: row.status,
      currentMeasure: row.current_measure,
      update: row.update,
      prevProgress: row.prev_progress,
      prevStatus: row.prev_status,
      prevCurrentMeasure: row.prev_current_measure,
      prevUpdate: row.prev_update,
      confidence: row.confidence,
      prevConfidence: row.prev_confidence,
      confidenceReason: row.confidence_reason,
      viaToken: row.via_token,
    }),
  );
  const last = checkIns.at(-1);
  return { checkIns, nextCursor: rows.length > limit && last ? checkInCursor({ methodId, checkInId: last.id }) : null };
}

/** A week's last check-in as `weekly` aggregates it: `{week}:{progress}:{status}`. */
const WEEK_POINT = /^(\d+):(\d+):(\w+)$/;

function weekPoints(text: string | null): Map<number, TTrendPoint> {
  const points = new Map<number, TTrendPoint>();
  for (const part of text?.split(',') ?? []) {
    const [, week, progress, status] = WEEK_POINT.exec(part) ?? [];
    if (week && progress && isWorkStatus(status)) points.set(Number(week), { progress: Number(progress), status });
  }
  return points;
}

/**
 * Each named method's progress and status at the end of each of the last `weeks` weeks, the last
 * ending now (docs/PRODUCT.md#trends), in one statement whatever the number of methods: each
 * method's value at the first week's end (`methodsAt`) and the last dated check-in of each later
 * week that has one, aggregated into one text per method, since 2,000 rows cost far less to
 * receive than 24,000.
 * A week without a check-in carries the previous week's value forward. Ids that name no method are
 * left out; with a `viewer` (POST /api/methods/trends), so are the methods of a draft they may not
 * read (docs/PRODUCT.md#approval), in the same statement; the deck passes its methods read as
 * everyone already.
 */
export async function methodTrends(em: EntityManager, { methodIds, weeks = TREND_LIMITS.weeks.default }: TTrendsRequest, now: Date, viewer?: Viewer): Promise<TTrends> {
  const weekEnds = Array.from({ length: weeks }, (_, index) => new Date(now.getTime() - (weeks - 1 - index) * WEEK_MS));
  const answer = (methods: TTrends['methods']) => ({ weekEnds: weekEnds.map((end) => end.toISOString()), methods });
  const start = weekEnds[0] ?? now;
  const ids = [...new Set(methodIds)];
  if (ids.length === 0) return answer([]);
  // The week a check-in falls in: 1 for (start, start + 7 days], and so on. In double precision
  // (date_part), which took a third of the time `extract`'s numeric did over 24,000 check-ins.
  // eslint-disable-next-line local/no-raw-sql -- arithmetic on date_part with a cast: Kysely has no typed form of it
  const week = sql<number>`ceil((date_part('epoch', c.at) - ${start.getTime() / 1000}) / ${WEEK_MS / 1000})::int`;
  const rows = await selectRows(em, (db) => {
    const lastOfWeek = db
      .selectFrom('check_in as c')
      .select(['c.method_id', week.as('week'), 'c.progress', 'c.status'])
      .distinctOn(['c.method_id', week])
      .where('c.method_id', 'in', ids)
      .where('c.at', '>', start)
      .where('c.at', '<=', now)
      .where('c.progress', 'is not', null)
      .orderBy('c.method_id')
      .orderBy(week)
      .orderBy('c.at', 'desc')
      .orderBy('c.id', 'desc');
    const weekly = db
      .selectFrom(lastOfWeek.as('w'))
      // eslint-disable-next-line local/no-raw-sql -- string_agg over a text concatenation (||), which Kysely cannot type
      .select(['w.method_id', sql<string>`string_agg(w.week || ':' || w.progress || ':' || w.status, ',')`.as('points')])
      .groupBy('w.method_id');
    const trends = methodsAt(db, start).leftJoin(weekly.as('weekly'), 'weekly.method_id', 'm.id').select('weekly.points').where('m.id', 'in', ids);
    return viewer ? trends.where(methodVisibleTo(viewer)) : trends;
  });
  return answer(
    rows.map((row) => {
      const checkedIn = weekPoints(row.points);
      let point: TTrendPoint = { progress: row.progress, status: row.status };
      return {
        methodId: row.id,
        points: weekEnds.map((_, index) => {
          point = checkedIn.get(index) ?? point;
          return point;
        }),
      };
    }),
  );
}
