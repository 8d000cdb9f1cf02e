import type { EntityManager } from '@mikro-orm/core';
import { currentQuarterMeasure, type TMethod, type TMethodListItem, type TWorkStatus } from '@v2mom/contracts';
import { groupBy, isoTimestamp, selectRows, whereClause, type FilterConditions } from '../shared/select-rows.js';

/**
 * Methods in their list shape (ZMethodListItemSchema), built from plain rows: the one way every
 * read side gets them (lists, a method's detail, V2MOM documents, write answers). Three
 * statements whatever the row count (one when nothing matches): the methods with their owner,
 * V2MOM, linked method and changer joined in; their linked values; the obstacles naming them.
 */

export interface MethodFilter {
  id?: number;
  v2momId?: number;
  ownerId?: number;
  forCooTracking?: boolean;
}

const CONDITIONS: FilterConditions<MethodFilter> = {
  id: 'm.id = ?',
  v2momId: 'm.v2mom_id = ?',
  ownerId: 'm.owner_id = ?',
  forCooTracking: 'm.for_coo_tracking = ?',
};

type Text = string | null;

/** Columns of a left-joined row (`owner_name`…) are set whenever the id that joins them is. */
interface MethodRow {
  id: number;
  version: number;
  updated_at: string;
  updated_by_id: number | null;
  updated_by_name: string;
  v2mom_id: number;
  description: string;
  due_date: Text;
  owner_id: number | null;
  owner_name: string;
  owner_department: string;
  progress: number;
  status: TWorkStatus;
  position: number;
  linked_method_id: number | null;
  linked_method_description: string;
  linked_method_status: TWorkStatus;
  measure: Text;
  q1_measure: Text;
  q2_measure: Text;
  q3_measure: Text;
  q4_measure: Text;
  q1_goal: Text;
  q2_goal: Text;
  q3_goal: Text;
  q4_goal: Text;
  update: Text;
  updates: Text;
  current_measure: Text;
  activities: Text;
  l2_owner: Text;
  for_coo_tracking: boolean;
  v2mom_title: string;
  v2mom_year: number;
  v2mom_owner_id: number;
  v2mom_owner_name: string;
}

const METHODS_SQL = (where: string) => `
select m.id, m.version, ${isoTimestamp('m.updated_at')} as updated_at, ub.id as updated_by_id, ub.name as updated_by_name,
       m.v2mom_id, m.description, m.due_date, m.owner_id, o.name as owner_name, od.name as owner_department,
       m.progress, m.status, m.position,
       m.linked_method_id, lm.description as linked_method_description, lm.status as linked_method_status,
       m.measure, m.q1_measure, m.q2_measure, m.q3_measure, m.q4_measure, m.q1_goal, m.q2_goal, m.q3_goal, m.q4_goal,
       m.update, m.updates, m.current_measure, m.activities, m.l2_owner, m.for_coo_tracking,
       v.title as v2mom_title, v.year as v2mom_year, vo.id as v2mom_owner_id, vo.name as v2mom_owner_name
from method m
join v2mom v on v.id = m.v2mom_id
join "user" vo on vo.id = v.owner_id
left join "user" o on o.id = m.owner_id
left join department od on od.id = o.department_id
left join method lm on lm.id = m.linked_method_id
left join "user" ub on ub.id = m.updated_by_id
${where}
order by m.v2mom_id, m.position, m.id`;

/** Linked values in their V2MOM order, so every client shows them the same way. */
const LINKED_VALUES_SQL = (where: string) => `
select mlv.method_id, mlv.value_id
from method_linked_values mlv
join value val on val.id = mlv.value_id
join method m on m.id = mlv.method_id
${where}
order by val.position, val.id`;

const OBSTACLES_SQL = (where: string) => `
select olm.method_id, ob.id, ob.description
from obstacle_linked_methods olm
join obstacle ob on ob.id = olm.obstacle_id
join method m on m.id = olm.method_id
${where}
order by ob.position, ob.id`;

/** Every method matching `filter`, in V2MOM then list order. `now` picks the current quarter's measure. */
export async function readMethods(em: EntityManager, filter: MethodFilter = {}, now = new Date()): Promise<TMethodListItem[]> {
  const { where, params } = whereClause(CONDITIONS, filter);
  const rows = await selectRows<MethodRow>(em, METHODS_SQL(where), params);
  if (rows.length === 0) return [];
  const valueLinks = await selectRows<{ method_id: number; value_id: number }>(em, LINKED_VALUES_SQL(where), params);
  const obstacleLinks = await selectRows<{ method_id: number; id: number; description: string }>(em, OBSTACLES_SQL(where), params);
  const valuesOf = groupBy(valueLinks, (link) => link.method_id);
  const obstaclesOf = groupBy(obstacleLinks, (link) => link.method_id);
  return rows.map((row) => {
    const stored = toMethod(row, valuesOf.get(row.id)?.map((link) => link.value_id) ?? []);
    return {
      ...stored,
      owner: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name, department: row.owner_department },
      v2mom: { id: row.v2mom_id, title: row.v2mom_title, year: row.v2mom_year, owner: { id: row.v2mom_owner_id, name: row.v2mom_owner_name } },
      linkedMethod:
        row.linked_method_id === null
          ? null
          : { id: row.linked_method_id, description: row.linked_method_description, status: row.linked_method_status },
      obstacles: obstaclesOf.get(row.id)?.map(({ id, description }) => ({ id, description })) ?? [],
      currentQuarterMeasure: currentQuarterMeasure(stored, now),
    };
  });
}

/** The stored fields (ZMethodSchema). */
function toMethod(row: MethodRow, linkedValues: number[]): TMethod {
  return {
    id: row.id,
    version: row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_id === null ? null : { id: row.updated_by_id, name: row.updated_by_name },
    v2momId: row.v2mom_id,
    description: row.description,
    dueDate: row.due_date,
    ownerId: row.owner_id,
    progress: row.progress,
    status: row.status,
    order: row.position,
    linkedValues,
    linkedMethodId: row.linked_method_id,
    measure: row.measure,
    q1Measure: row.q1_measure,
    q2Measure: row.q2_measure,
    q3Measure: row.q3_measure,
    q4Measure: row.q4_measure,
    q1Goal: row.q1_goal,
    q2Goal: row.q2_goal,
    q3Goal: row.q3_goal,
    q4Goal: row.q4_goal,
    update: row.update,
    updates: row.updates,
    currentMeasure: row.current_measure,
    activities: row.activities,
    l2Owner: row.l2_owner,
    forCooTracking: row.for_coo_tracking,
  };
}
