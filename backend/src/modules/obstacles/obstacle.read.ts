import type { EntityManager } from '@mikro-orm/core';
import type { TObstacle, TObstacleListItem } from '@v2mom/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { idsAlone } from '../../db/read-builder.js';
import { selectOnce, selectRows, type ReadDb } from '../read-db.js';
import { auditFields, isoTimestamp, joined } from '../shared/read-rows.js';

/**
 * Obstacles as every read side shows them (ZObstacleSchema), built from plain rows: V2MOM
 * documents, a method's detail, write answers, the lists. One statement whatever the row count:
 * the obstacles with their owner, changer and V2MOM joined in, and the methods each names
 * aggregated into its row.
 */

export interface ObstacleFilter {
  id?: number;
  /** Exactly these obstacles, e.g. the ones a write changed. */
  ids?: readonly number[];
  v2momId?: number;
  /** Obstacles that name this method. */
  methodId?: number;
}

/** The ids a filter selects, as a subquery; undefined when it selects every obstacle. */
function obstacleIds(db: Kysely<ReadDb>, filter: ObstacleFilter) {
  if (Object.values(filter).every((value) => value === undefined)) return undefined;
  let ids = db.selectFrom('obstacle').select('id');
  if (filter.id !== undefined) ids = ids.where('id', '=', filter.id);
  if (filter.ids !== undefined) ids = ids.where('id', 'in', filter.ids);
  if (filter.v2momId !== undefined) ids = ids.where('v2mom_id', '=', filter.v2momId);
  if (filter.methodId !== undefined) {
    const naming = db.selectFrom('obstacle_linked_methods').select('obstacle_id').where('method_id', '=', filter.methodId);
    ids = ids.where('id', 'in', naming);
  }
  return ids;
}

/** An obstacle with what a list row shows of its V2MOM and of the methods it names, in `linkedMethodIds` order. */
export type ObstacleWithLinks = TObstacle & Pick<TObstacleListItem, 'v2mom' | 'linkedMethods'>;

/** Every obstacle matching `filter`, by V2MOM then in list order. */
export async function readObstacles(em: EntityManager, filter: ObstacleFilter = {}): Promise<TObstacle[]> {
  return (await readObstaclesWithLinks(em, filter)).map(({ v2mom: _v2mom, linkedMethods: _linkedMethods, ...obstacle }) => obstacle);
}

type ObstacleRowBuilder = ExpressionBuilder<ReadDb & { ob: ReadDb['obstacle'] }, 'ob'>;

/** The methods an obstacle names, by id; null for none. */
function methodsNamed(eb: ObstacleRowBuilder) {
  return eb
    .selectFrom('obstacle_linked_methods as l')
    .innerJoin('method as m', 'm.id', 'l.method_id')
    .select((agg) =>
      agg.fn
        .agg<Array<{ id: number; description: string }> | null>('json_agg', [jsonBuildObject({ id: agg.ref('m.id'), description: agg.ref('m.description') })])
        .orderBy('l.method_id')
        .as('methods'),
    )
    .where('l.obstacle_id', '=', eb.ref('ob.id'));
}

/** Obstacles' rows with their owner, changer, V2MOM and the methods each names, by V2MOM then in list order. */
function obstacleRows(db: Kysely<ReadDb>) {
  return db
    .selectFrom('obstacle as ob')
    .innerJoin('v2mom as v', 'v.id', 'ob.v2mom_id')
    .leftJoin('user as o', 'o.id', 'ob.owner_id')
    .leftJoin('user as ub', 'ub.id', 'ob.updated_by_id')
    .select((eb) => [
      'ob.id',
      'ob.version',
      isoTimestamp(eb.ref('ob.updated_at')).as('updated_at'),
      'ub.id as updated_by_id',
      'ub.name as updated_by_name',
      'ub.active as updated_by_active',
      'ob.v2mom_id',
      'v.title as v2mom_title',
      'v.owner_id as v2mom_owner_id',
      'ob.description',
      'ob.position',
      'ob.owner_id',
      'o.name as owner_name',
      'o.active as owner_active',
      'ob.impact',
      'ob.mitigation',
      'ob.joined_to_id',
      methodsNamed(eb).as('linked_methods'),
    ])
    .orderBy('ob.v2mom_id')
    .orderBy('ob.position')
    .orderBy('ob.id');
}

/**
 * The obstacles of a list of ids: a page's rows, a write's answer. One text whatever the ids, so
 * PostgreSQL plans it once per connection (prepared-statements.ts).
 */
const obstacleRowsOf = selectOnce((db, _em, ids: readonly number[]) => obstacleRows(db).where('ob.id', '=', (eb) => eb.fn.any(eb.val(ids))));

/** `readObstacles` with each obstacle's V2MOM and the methods it names, for the lists (obstacles/obstacle-page.read.ts). */
export async function readObstaclesWithLinks(em: EntityManager, filter: ObstacleFilter = {}): Promise<ObstacleWithLinks[]> {
  // `in ()` is not SQL: no ids select nothing.
  if (filter.ids?.length === 0) return [];
  const keys = idsAlone(filter);
  const rows = keys
    ? await obstacleRowsOf(em, keys)
    : await selectRows(em, (db) => {
        const ids = obstacleIds(db, filter);
        return ids ? obstacleRows(db).where('ob.id', 'in', ids) : obstacleRows(db);
      });
  return rows.map((row) => ({
    id: row.id,
    ...auditFields(row),
    v2momId: row.v2mom_id,
    description: row.description,
    order: row.position,
    ownerId: row.owner_id,
    impact: row.impact,
    mitigation: row.mitigation,
    owner: joined({ id: row.owner_id, name: row.owner_name, active: row.owner_active }),
    joinedToId: row.joined_to_id,
    linkedMethodIds: (row.linked_methods ?? []).map((method) => method.id),
    v2mom: { id: row.v2mom_id, title: row.v2mom_title, ownerId: row.v2mom_owner_id },
    linkedMethods: row.linked_methods ?? [],
  }));
}
