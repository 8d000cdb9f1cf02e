import type { EntityManager } from '@mikro-orm/core';
import {
  asOfDays,
  endOfCompanyDay,
  type TAsOf,
  type TAsOfQuery,
  type TMeasureStatus,
  type TMeasureValuesAt,
  type TMethodValuesAt,
  type TWorkStatus,
} from '@v2mom/contracts';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../../http/app-error.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { readRhythmTimes } from '../rhythm/rhythm.service.js';
import { groupBy } from '../shared/read-rows.js';
import { EVERYONE } from '../v2moms/draft-readers.js';
import { methodsHiddenFrom, readsV2mom, type Viewer } from '../v2moms/v2mom-visibility.js';
import { loggedColumnAt, methodsAt } from './values-at.js';

/** Which methods: one V2MOM's, or those marked for COO tracking of the V2MOMs `viewer` reads. */
type Scope = { v2momId?: number; viewer: Viewer };

/**
 * The scope's methods that existed at `at`, with their values then: created by then, or checked in
 * by then (a method whose past was written as check-ins, as the demo writes its year).
 */
function methodRowsAt(db: Kysely<ReadDb>, at: Date, { v2momId, viewer }: Scope) {
  const query = methodsAt(db, at).where((eb) =>
    eb.or([
      eb('m.created_at', '<=', at),
      eb.exists(db.selectFrom('check_in as ci').select('ci.id').where('ci.method_id', '=', sql.ref<number>('m.id')).where('ci.at', '<=', at)),
    ]),
  );
  if (v2momId !== undefined) return query.where('m.v2mom_id', '=', v2momId);
  return query.where('m.for_coo_tracking', '=', true).where('m.id', 'not in', methodsHiddenFrom(db, viewer).select('m.id'));
}

/** The V2MOM's measures that existed at `at`, with their current value and status then. */
function measureRowsAt(db: Kysely<ReadDb>, at: Date, v2momId: number) {
  return db
    .selectFrom('measure as ms')
    .select([
      'ms.id',
      loggedColumnAt<string | null>(db, 'measure', 'ms', 'current', 'current', at).as('current'),
      loggedColumnAt<TMeasureStatus>(db, 'measure', 'ms', 'status', 'status', at).as('status'),
    ])
    .where('ms.v2mom_id', '=', v2momId)
    .where('ms.created_at', '<=', at);
}

/** Obstacles linked to the scope's methods now that were created in (`after`, `until`]. */
function newObstacleRows(db: Kysely<ReadDb>, after: Date, until: Date, methodIds: number[]) {
  return db
    .selectFrom('obstacle_linked_methods as olm')
    .innerJoin('obstacle as ob', 'ob.id', 'olm.obstacle_id')
    .select(['olm.method_id', 'ob.id', 'ob.description'])
    .where('olm.method_id', 'in', methodIds)
    .where('ob.created_at', '>', after)
    .where('ob.created_at', '<=', until)
    .orderBy('ob.created_at')
    .orderBy('ob.id');
}

interface MethodRow {
  id: number;
  progress: number;
  status: TWorkStatus;
  current_measure: string | null;
  confidence: number | null;
}

function methodValues(row: MethodRow): TMethodValuesAt {
  return { progress: row.progress, status: row.status, currentMeasure: row.current_measure, confidence: row.confidence };
}

function measureValues(row: { current: string | null; status: TMeasureStatus }): TMeasureValuesAt {
  return { current: row.current, status: row.status };
}

/** The instant a day is read at: its end on the company's clock, or now while it is today. */
function instantOf(day: string, zone: string, now: Date): Date {
  const end = endOfCompanyDay(day, zone);
  return end < now ? end : now;
}

/** The company's time zone and the days that can be shown now, checking `days` are among them (400 otherwise). */
async function checkedDays(em: EntityManager, days: ReadonlyArray<string | undefined>, now: Date): Promise<string> {
  const zone = (await readRhythmTimes(em)).timeZone;
  const { first, last } = asOfDays(now, zone);
  for (const day of days) {
    if (day !== undefined && (day < first || day > last)) {
      throw new AppError('bad_request', `Choose a day of this fiscal year up to today: from ${first} to ${last}`);
    }
  }
  return zone;
}

/**
 * The instant a day of the current fiscal year is read at (docs/PRODUCT.md#as-of): its end on the
 * company's clock, or now on today; 400 for another day.
 */
export async function asOfInstant(em: EntityManager, day: string, now: Date): Promise<Date> {
  return instantOf(day, await checkedDays(em, [day], now), now);
}

/** The COO-tracked methods that existed at `at`, with their values then, by id: the COO View's deck's, which reads as everyone. */
export async function cooTrackedValuesAt(em: EntityManager, at: Date): Promise<ReadonlyMap<number, TMethodValuesAt>> {
  const rows = await selectRows(em, (db) => methodRowsAt(db, at, { viewer: EVERYONE }));
  return new Map(rows.map((row) => [row.id, methodValues(row)]));
}

/**
 * GET /api/as-of (docs/PRODUCT.md#as-of): the scope's methods (and a V2MOM's measures) at the end
 * of a day of the current fiscal year, rebuilt in SQL from the check-ins and the change log, with
 * the day compared with. A handful of statements whatever the number of methods. A draft the viewer
 * may not read answers 404, and its methods are not among the COO-tracked (docs/PRODUCT.md#approval).
 */
export async function readAsOf(em: EntityManager, viewer: Viewer, { asOf, compare, v2momId }: TAsOfQuery, now: Date): Promise<TAsOf> {
  const zone = await checkedDays(em, [asOf, compare], now);
  if (v2momId !== undefined && !(await readsV2mom(em, viewer, v2momId))) throw new AppError('not_found', 'V2MOM not found');
  const scope = { v2momId, viewer };
  const at = instantOf(asOf, zone, now);
  const comparedAt = compare === undefined ? null : instantOf(compare, zone, now);
  const rows = await selectRows(em, (db) => methodRowsAt(db, at, scope));
  const ids = rows.map((row) => row.id);
  const compared = comparedAt && ids.length > 0 ? await selectRows(em, (db) => methodRowsAt(db, comparedAt, scope).where('m.id', 'in', ids)) : [];
  const obstacles = comparedAt && ids.length > 0 ? await selectRows(em, (db) => newObstacleRows(db, comparedAt, at, ids)) : [];
  const comparedOf = new Map(compared.map((row) => [row.id, methodValues(row)]));
  const obstaclesOf = groupBy(obstacles, (row) => row.method_id);
  const measures = v2momId === undefined ? [] : await selectRows(em, (db) => measureRowsAt(db, at, v2momId));
  const comparedMeasures =
    v2momId === undefined || !comparedAt ? new Map() : new Map((await selectRows(em, (db) => measureRowsAt(db, comparedAt, v2momId))).map((row) => [row.id, measureValues(row)]));
  return {
    asOf,
    at: at.toISOString(),
    compare: compare ?? null,
    comparedAt: comparedAt?.toISOString() ?? null,
    methods: rows.map((row) => ({
      methodId: row.id,
      at: methodValues(row),
      compared: comparedOf.get(row.id) ?? null,
      newObstacles: (obstaclesOf.get(row.id) ?? []).map(({ id, description }) => ({ id, description })),
    })),
    measures: measures.map((row) => ({ measureId: row.id, at: measureValues(row), compared: comparedMeasures.get(row.id) ?? null })),
  };
}
