import type { EntityManager } from '@mikro-orm/core';
import type { TObstacle } from '@v2mom/contracts';
import { groupBy, isoTimestamp, selectRows, whereClause, type FilterConditions } from '../shared/select-rows.js';

/**
 * Obstacles as every read side shows them (ZObstacleSchema), built from plain rows: V2MOM
 * documents, a method's detail, write answers. Two statements whatever the row count (one when
 * nothing matches).
 */

export interface ObstacleFilter {
  id?: number;
  v2momId?: number;
  /** Obstacles that name this method. */
  methodId?: number;
}

const CONDITIONS: FilterConditions<ObstacleFilter> = {
  id: 'ob.id = ?',
  v2momId: 'ob.v2mom_id = ?',
  methodId: 'ob.id in (select obstacle_id from obstacle_linked_methods where method_id = ?)',
};

/** Columns of a left-joined row (`owner_name`…) are set whenever the id that joins them is. */
interface ObstacleRow {
  id: number;
  version: number;
  updated_at: string;
  updated_by_id: number | null;
  updated_by_name: string;
  v2mom_id: number;
  description: string;
  position: number;
  owner_id: number | null;
  owner_name: string;
  impact: string | null;
  mitigation: string | null;
}

const OBSTACLES_SQL = (where: string) => `
select ob.id, ob.version, ${isoTimestamp('ob.updated_at')} as updated_at, ub.id as updated_by_id, ub.name as updated_by_name,
       ob.v2mom_id, ob.description, ob.position, ob.owner_id, o.name as owner_name, ob.impact, ob.mitigation
from obstacle ob
left join "user" o on o.id = ob.owner_id
left join "user" ub on ub.id = ob.updated_by_id
${where}
order by ob.v2mom_id, ob.position, ob.id`;

const LINKED_METHODS_SQL = (where: string) => `
select olm.obstacle_id, olm.method_id
from obstacle_linked_methods olm
join obstacle ob on ob.id = olm.obstacle_id
${where}
order by olm.method_id`;

/** Every obstacle matching `filter`, by V2MOM then in list order. */
export async function readObstacles(em: EntityManager, filter: ObstacleFilter = {}): Promise<TObstacle[]> {
  const { where, params } = whereClause(CONDITIONS, filter);
  const rows = await selectRows<ObstacleRow>(em, OBSTACLES_SQL(where), params);
  if (rows.length === 0) return [];
  const links = groupBy(
    await selectRows<{ obstacle_id: number; method_id: number }>(em, LINKED_METHODS_SQL(where), params),
    (link) => link.obstacle_id,
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_id === null ? null : { id: row.updated_by_id, name: row.updated_by_name },
    v2momId: row.v2mom_id,
    description: row.description,
    order: row.position,
    linkedMethodIds: links.get(row.id)?.map((link) => link.method_id) ?? [],
    ownerId: row.owner_id,
    impact: row.impact,
    mitigation: row.mitigation,
    owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name },
  }));
}
