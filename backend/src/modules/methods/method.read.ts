import type { EntityManager } from '@mikro-orm/core';
import { METHOD_FIELD_NAMES, currentQuarterMeasure, staleAtOf, type TMethod, type TMethodDetail, type TMethodListItem, type TRhythmTimes, type TStaleCandidate } from '@v2mom/contracts';
import type { ExpressionBuilder, InferResult, Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { ReadDependency } from '../../http/read-topics.js';
import { idsAlone } from '../../db/read-builder.js';
import { selectOnce, selectRows, type ReadDb } from '../read-db.js';
import { readObstacles } from '../obstacles/obstacle.read.js';
import { readRhythmTimes } from '../rhythm/rhythm.service.js';
import { visibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';
import { auditFields, isoTimestamp, joined, plainColumns } from '../shared/read-rows.js';
import { found } from '../shared/guards.js';

/**
 * Methods in their list shape (ZMethodListItemSchema), built from plain rows: the one way every
 * read side gets them (lists, a method's detail, V2MOM documents, write answers). Any number of
 * them takes one statement: the methods with their owner, V2MOM, linked method and changer joined
 * in, and their linked values and the obstacles naming them aggregated into each row. Each read
 * also reads the company's rhythm, once, for when its methods go stale (the entity manager holds
 * it after its first read).
 */

export interface MethodFilter {
  /** Exactly these methods, e.g. the ones a write changed. */
  ids?: readonly number[];
  v2momId?: number;
  ownerId?: number;
  forCooTracking?: boolean;
  /** Only the methods of the V2MOMs this person reads (docs/PRODUCT.md#approval). */
  viewer?: Viewer;
}

/**
 * What selects a filter's methods by id: the ids themselves when the filter names no column (ids
 * as a viewer reads them), else a subquery; undefined when it selects every method. PostgreSQL
 * plans `id in (…)` in about half the time of the same through a subquery (1.2 against 2 ms for the
 * list row's seven joins).
 */
function methodIds(db: Kysely<ReadDb>, { ids, viewer: _viewer, ...columns }: MethodFilter) {
  if (Object.values(columns).every((value) => value === undefined)) return ids;
  let subquery = db.selectFrom('method').select('id');
  if (ids !== undefined) subquery = subquery.where('id', 'in', ids);
  if (columns.v2momId !== undefined) subquery = subquery.where('v2mom_id', '=', columns.v2momId);
  if (columns.ownerId !== undefined) subquery = subquery.where('owner_id', '=', columns.ownerId);
  if (columns.forCooTracking !== undefined) subquery = subquery.where('for_coo_tracking', '=', columns.forCooTracking);
  return subquery;
}

/**
 * Each method with its V2MOM, both owners and the owner's department: the rows its list row shows
 * most of. The department is joined, not looked up per row: PostgreSQL read its small table whole
 * for every row (4 pages and 200 comparisons each, docs/PERFORMANCE.md#paged-list-plans).
 */
function methodRows(db: Kysely<ReadDb>) {
  return db
    .selectFrom('method as m')
    .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
    .innerJoin('user as vo', 'vo.id', 'v.owner_id')
    .leftJoin('user as o', 'o.id', 'm.owner_id')
    .leftJoin('department as od', 'od.id', 'o.department_id');
}

/**
 * What a method's list row shows of the rows it points at is read by scalar subqueries, which
 * PostgreSQL plans one by one. As joins, those five rows made a join search of ten tables that took
 * longer to plan than the statement took to run: 2.6 against 1.1 ms for a page of 50 on the
 * company, 0.5 and 0.8 ms this way (docs/PERFORMANCE.md#company).
 */
type MethodRowBuilder = ExpressionBuilder<ReadDb & { m: ReadDb['method']; o: ReadDb['user'] }, 'm' | 'o'>;

const userAt = (eb: MethodRowBuilder, key: 'm.updated_by_id' | 'm.update_author_id') => eb.selectFrom('user as lu').whereRef('lu.id', '=', key);
const methodAt = (eb: MethodRowBuilder, key: 'm.linked_method_id' | 'm.supports_id') => eb.selectFrom('method as lm').whereRef('lm.id', '=', key);

/**
 * The method's columns a list row shows as they are: every editable field of METHOD_FIELDS and a
 * few more, each named once here for both the select and the read shape.
 */
const methodColumns = plainColumns('m', [...METHOD_FIELD_NAMES.filter((field) => field !== 'supportsMethodId'), 'id', 'v2momId', 'updateCount', 'previousConfidence']);

/** Each method's list row: its columns and what it shows of the rows it points at. */
function methodListRows(db: Kysely<ReadDb>) {
  return methodRows(db).select((eb) => [
    ...methodColumns.select,
    'm.version',
    isoTimestamp(eb.ref('m.updated_at')).as('updated_at'),
    'm.updated_by_id',
    userAt(eb, 'm.updated_by_id').select('lu.name').as('updated_by_name'),
    userAt(eb, 'm.updated_by_id').select('lu.active').as('updated_by_active'),
    'o.name as owner_name',
    'o.active as owner_active',
    'od.name as owner_department',
    'm.position',
    methodAt(eb, 'm.linked_method_id').select('lm.description').as('linked_method_description'),
    methodAt(eb, 'm.linked_method_id').select('lm.status').as('linked_method_status'),
    // The entity calls it `supports`; the API `supportsMethodId`.
    'm.supports_id',
    methodAt(eb, 'm.supports_id').select('lm.description').as('supports_method_description'),
    methodAt(eb, 'm.supports_id').select('lm.status').as('supports_method_status'),
    userAt(eb, 'm.update_author_id').select('lu.name').as('update_author_name'),
    isoTimestamp(eb.ref('m.update_at')).as('update_at'),
    isoTimestamp(eb.ref('m.last_check_in_at')).as('last_check_in_at'),
    isoTimestamp(eb.ref('m.created_at')).as('created_at'),
    'm.update_author_id',
    'v.title as v2mom_title',
    'v.year as v2mom_year',
    'vo.id as v2mom_owner_id',
    'vo.name as v2mom_owner_name',
    'vo.active as v2mom_owner_active',
  ]);
}

/**
 * A method's linked values' ids, in their V2MOM's order so that every client shows them the same
 * way; null for none.
 */
function linkedValueIds(eb: MethodRowBuilder) {
  return eb
    .selectFrom('method_linked_values as mlv')
    .innerJoin('value as val', 'val.id', 'mlv.value_id')
    .select((agg) => agg.fn.agg<number[] | null>('array_agg', ['mlv.value_id']).orderBy('val.position').orderBy('val.id').as('ids'))
    .where('mlv.method_id', '=', eb.ref('m.id'));
}

/** The obstacles naming a method, in their V2MOM's order; null for none. */
function obstaclesNaming(eb: MethodRowBuilder) {
  return eb
    .selectFrom('obstacle_linked_methods as olm')
    .innerJoin('obstacle as ob', 'ob.id', 'olm.obstacle_id')
    .select((agg) =>
      agg.fn
        .agg<Array<{ id: number; description: string }> | null>('json_agg', [jsonBuildObject({ id: agg.ref('ob.id'), description: agg.ref('ob.description') })])
        .orderBy('ob.position')
        .orderBy('ob.id')
        .as('obstacles'),
    )
    .where('olm.method_id', '=', eb.ref('m.id'));
}

/** The rows a method's list row is built from: for a list of them kept in the read cache (http/read-topics.ts). */
export const METHOD_LIST_READS: readonly ReadDependency[] = [
  { entity: 'method' },
  { entity: 'v2mom' },
  { entity: 'user' },
  { entity: 'department' },
  { entity: 'value' },
  { entity: 'obstacle' },
  // When each method goes stale.
  { entity: 'rhythm' },
];

/** What a method's list row reads of the moment: the server's now, and when each method goes stale by the company's rhythm then. */
export interface MethodReadMoment {
  now: Date;
  staleAt: (method: TStaleCandidate) => Date | null;
}

/** The moment `now` as method rows read it: the company's rhythm, once for all of them (docs/PRODUCT.md#rhythm). */
async function methodReadMoment(em: EntityManager, now: Date): Promise<MethodReadMoment> {
  return readMomentOf(await readRhythmTimes(em), now);
}

/** The moment `now` by a rhythm already read. */
export function readMomentOf(rhythm: TRhythmTimes, now: Date): MethodReadMoment {
  return { now, staleAt: staleAtOf(rhythm, now) };
}

/** The method `id` with its V2MOM's id; 404 when there is none, or it is of a draft the viewer may not read (docs/PRODUCT.md#approval). */
export async function readableMethod(em: EntityManager, viewer: Viewer, id: number): Promise<{ id: number; v2mom_id: number }> {
  const [row] = await selectRows(em, (db) =>
    db.selectFrom('method as m').innerJoin('v2mom as v', 'v.id', 'm.v2mom_id').select(['m.id', 'm.v2mom_id']).where('m.id', '=', id).where(visibleTo(viewer)),
  );
  return found(row, 'Method');
}

/**
 * Each method's list row with its links aggregated in, each row's own found by the link tables'
 * method indexes: one statement for a page where reading the links apart took three, for as much
 * of PostgreSQL's time (docs/PERFORMANCE.md#company).
 */
function methodRowsWithLinks(db: Kysely<ReadDb>) {
  return methodListRows(db).select((eb) => [linkedValueIds(eb).as('linked_value_ids'), obstaclesNaming(eb).as('obstacles')]);
}

/** Methods' list rows with their links, in V2MOM then list order. */
function orderedMethodRows(db: Kysely<ReadDb>) {
  return methodRowsWithLinks(db).orderBy('m.v2mom_id').orderBy('m.position').orderBy('m.id');
}

/**
 * The methods of a list of ids: a page's rows, a write's answer. One text whatever the ids, so
 * PostgreSQL plans it once per connection (prepared-statements.ts): planning a page of 50 took
 * about as long as reading it (1 ms each on the company-sized organisation).
 */
const methodRowsOf = selectOnce((db, _em, ids: readonly number[]) => orderedMethodRows(db).where('m.id', '=', (eb) => eb.fn.any(eb.val(ids))));

/** Every method matching `filter`, in V2MOM then list order. `now` picks the current quarter's measure and when methods go stale. */
export async function readMethods(em: EntityManager, filter: MethodFilter, now: Date): Promise<TMethodListItem[]> {
  // `in ()` is not SQL: no ids select nothing.
  if (filter.ids?.length === 0) return [];
  const keys = idsAlone(filter);
  const rows = keys
    ? await methodRowsOf(em, keys)
    : await selectRows(em, (db) => {
        const ids = methodIds(db, filter);
        const ordered = orderedMethodRows(db);
        const query = filter.viewer ? ordered.where(visibleTo(filter.viewer)) : ordered;
        return ids ? query.where('m.id', 'in', ids) : query;
      });
  if (rows.length === 0) return [];
  const moment = await methodReadMoment(em, now);
  return rows.map((row) => oneMethodItem(row, moment));
}

/** One method, or undefined: one statement. */
export async function readMethod(em: EntityManager, id: number, now: Date): Promise<TMethodListItem | undefined> {
  const [row] = await oneMethodRows(em, id);
  return row && oneMethodItem(row, await methodReadMoment(em, now));
}

/** One method's list row with its links aggregated in: what `readMethod` reads, and what the method write locks. */
export function oneMethodRow(db: Kysely<ReadDb>, id: number) {
  return methodRowsWithLinks(db).where('m.id', '=', id);
}

export type OneMethodRow = InferResult<ReturnType<typeof oneMethodRow>>[number];

const oneMethodRows = selectOnce((db, _em, id: number) => oneMethodRow(db, id));

/** A method in its list shape from its row (`oneMethodRow`). */
export function oneMethodItem(row: OneMethodRow, { now, staleAt }: MethodReadMoment): TMethodListItem {
  const stored: TMethod = {
    ...methodColumns.fieldsOf(row),
    supportsMethodId: row.supports_id,
    ...auditFields(row),
    order: row.position,
    linkedValues: row.linked_value_ids ?? [],
    updateAuthor: joined({ id: row.update_author_id, name: row.update_author_name }),
    updateAt: row.update_at,
    lastCheckInAt: row.last_check_in_at,
    createdAt: row.created_at,
  };
  return {
    ...stored,
    owner: joined({ id: row.owner_id, name: row.owner_name, active: row.owner_active, department: row.owner_department }),
    v2mom: { id: row.v2mom_id, title: row.v2mom_title, year: row.v2mom_year, owner: { id: row.v2mom_owner_id, name: row.v2mom_owner_name, active: row.v2mom_owner_active } },
    linkedMethod: joined({ id: row.linked_method_id, description: row.linked_method_description, status: row.linked_method_status }),
    supportsMethod: joined({ id: row.supports_id, description: row.supports_method_description, status: row.supports_method_status }),
    obstacles: row.obstacles ?? [],
    currentQuarterMeasure: currentQuarterMeasure(stored, now),
    staleAt: staleAt({ status: stored.status, lastCheckInAt: stored.lastCheckInAt, createdAt: stored.createdAt, year: row.v2mom_year })?.toISOString() ?? null,
  };
}

/**
 * A method's detail page (ZMethodDetailSchema): its linked values' texts, its obstacles, the methods
 * linking to it, and where it was carried from or how its year ended (docs/PRODUCT.md#next-year).
 */
export async function readMethodDetail(em: EntityManager, method: TMethodListItem): Promise<TMethodDetail> {
  const values =
    method.linkedValues.length === 0
      ? []
      : await selectRows(em, (db) =>
          db
            .selectFrom('value')
            .select(['id', 'description', 'position'])
            .where('id', 'in', method.linkedValues)
            .orderBy('position')
            .orderBy('id'),
        );
  const linkedFrom = await selectRows(em, (db) =>
    db
      .selectFrom('method')
      .select(['id', 'description', 'status'])
      .where('linked_method_id', '=', method.id)
      .orderBy('position')
      .orderBy('id'),
  );
  const [yearEnd] = await selectRows(em, (db) =>
    db
      .selectFrom('method as m')
      .leftJoin('method as from', 'from.id', 'm.carried_from_id')
      .leftJoin('v2mom as fv', 'fv.id', 'from.v2mom_id')
      .select(['m.year_end', 'from.id as from_id', 'from.v2mom_id as from_v2mom_id', 'fv.year as from_year'])
      .where('m.id', '=', method.id),
  );
  return {
    ...method,
    linkedValueItems: values.map(({ id, description, position }) => ({ id, description, order: position })),
    obstacles: await readObstacles(em, { methodId: method.id }),
    linkedFrom,
    carriedFrom: joined({ id: yearEnd?.from_id ?? null, v2momId: yearEnd?.from_v2mom_id ?? null, year: yearEnd?.from_year ?? null }),
    yearEnd: yearEnd?.year_end ?? null,
  };
}
