import type { EntityManager } from '@mikro-orm/core';
import type { TQuarter, TV2mom, TV2momStatus, TV2momWithWork } from '@v2mom/contracts';
import { readMethods } from '../methods/method.read.js';
import { readObstacles } from '../obstacles/obstacle.read.js';
import { groupBy, isoTimestamp, selectRows, whereClause, type FilterConditions } from '../shared/select-rows.js';

/**
 * V2MOMs in their read shapes, built from plain rows: the one way lists, documents and write
 * answers get them. A fixed number of statements whatever the row count.
 */

export interface V2momFilter {
  id?: number;
  ownerId?: number;
}

const CONDITIONS: FilterConditions<V2momFilter> = {
  id: 'v.id = ?',
  ownerId: 'v.owner_id = ?',
};

/** Columns of a left-joined row (`updated_by_name`) are set whenever the id that joins them is. */
interface V2momRow {
  id: number;
  version: number;
  updated_at: string;
  updated_by_id: number | null;
  updated_by_name: string;
  title: string;
  year: number;
  quarter: TQuarter;
  status: TV2momStatus;
  vision: string;
  overall_progress: number;
  owner_id: number;
  owner_name: string;
  owner_department: string;
  owner_avatar_url: string | null;
}

/** Lists show the most recently changed V2MOM first. */
const V2MOMS_SQL = (where: string) => `
select v.id, v.version, ${isoTimestamp('v.updated_at')} as updated_at, ub.id as updated_by_id, ub.name as updated_by_name,
       v.title, v.year, v.quarter, v.status, v.vision, v.overall_progress,
       o.id as owner_id, o.name as owner_name, d.name as owner_department, o.avatar_url as owner_avatar_url
from v2mom v
join "user" o on o.id = v.owner_id
join department d on d.id = o.department_id
left join "user" ub on ub.id = v.updated_by_id
${where}
order by v.updated_at desc, v.id desc`;

/** V2MOMs without children (ZV2momSchema), most recently changed first. */
export async function readV2moms(em: EntityManager, filter: V2momFilter = {}): Promise<TV2mom[]> {
  const { where, params } = whereClause(CONDITIONS, filter);
  const rows = await selectRows<V2momRow>(em, V2MOMS_SQL(where), params);
  return rows.map((row) => {
    const user = { id: row.owner_id, name: row.owner_name, department: row.owner_department };
    return {
      id: row.id,
      version: row.version,
      title: row.title,
      year: row.year,
      quarter: row.quarter,
      status: row.status,
      vision: row.vision,
      overallProgress: row.overall_progress,
      lastUpdated: row.updated_at,
      updatedBy: row.updated_by_id === null ? null : { id: row.updated_by_id, name: row.updated_by_name },
      userId: row.owner_id,
      user,
      owner: { ...user, avatarUrl: row.owner_avatar_url },
    };
  });
}

/** With their methods and obstacles in list order (ZV2momWithWorkSchema); `id` reads one document. */
export async function readV2momsWithWork(em: EntityManager, filter: Pick<V2momFilter, 'id'> = {}, now = new Date()): Promise<TV2momWithWork[]> {
  const v2moms = await readV2moms(em, filter);
  if (v2moms.length === 0) return [];
  const methods = groupBy(await readMethods(em, { v2momId: filter.id }, now), (method) => method.v2momId);
  const obstacles = groupBy(await readObstacles(em, { v2momId: filter.id }), (obstacle) => obstacle.v2momId);
  return v2moms.map((v2mom) => ({ ...v2mom, methods: methods.get(v2mom.id) ?? [], obstacles: obstacles.get(v2mom.id) ?? [] }));
}
