import type { EntityManager } from '@mikro-orm/core';
import type { TObstacle } from '@v2mom/contracts';
import type { Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { auditFields, groupBy, isoTimestamp, joined } from '../shared/read-rows.js';

/**
 * Obstacles as every read side shows them (ZObstacleSchema), built from plain rows: V2MOM
 * documents, a method's detail, write answers. Two statements whatever the row count (one when
 * nothing matches): the obstacles, then the methods they name.
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

/** Every obstacle matching `filter`, by V2MOM then in list order. */
export async function readObstacles(em: EntityManager, filter: ObstacleFilter = {}): Promise<TObstacle[]> {
  const obstacles = await readObstacleRows(em, filter);
  if (obstacles.length === 0) return [];
  const links = await selectRows(em, (db) => {
    const ids = obstacleIds(db, filter);
    const query = db.selectFrom('obstacle_linked_methods').select(['obstacle_id', 'method_id']).orderBy('method_id');
    return ids ? query.where('obstacle_id', 'in', ids) : query;
  });
  const methodsOf = groupBy(links, (link) => link.obstacle_id);
  return obstacles.map((obstacle) => ({ ...obstacle, linkedMethodIds: methodsOf.get(obstacle.id)?.map((link) => link.method_id) ?? [] }));
}

/**
 * The obstacles matching `filter` but for the methods they name, one statement: for a reader that
 * reads the links with more of each method (obstacles/obstacle-page.read.ts), so reads them once.
 */
export async function readObstacleRows(em: EntityManager, filter: ObstacleFilter = {}): Promise<Array<Omit<TObstacle, 'linkedMethodIds'>>> {
  // `in ()` is not SQL: no ids select nothing.
  if (filter.ids?.length === 0) return [];
  const rows = await selectRows(em, (db) => {
    const ids = obstacleIds(db, filter);
    const query = db
      .selectFrom('obstacle as ob')
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
        'ob.description',
        'ob.position',
        'ob.owner_id',
        'o.name as owner_name',
        'o.active as owner_active',
        'ob.impact',
        'ob.mitigation',
        'ob.joined_to_id',
      ])
      .orderBy('ob.v2mom_id')
      .orderBy('ob.position')
      .orderBy('ob.id');
    return ids ? query.where('ob.id', 'in', ids) : query;
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
  }));
}
