import type { RequestHandler } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { fiscalQuarterOf } from '@v2mom/contracts';

/**
 * The GET /api/methods/all payload from one hand-written statement: PostgreSQL builds the JSON
 * text itself (json_agg) and Node only passes it on. The benchmark's yardstick for what the
 * database and HTTP alone cost; never mounted by the real app.
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

function methodsAllSql(quarterMeasureColumn: string): string {
  return `
select coalesce(json_agg(json_build_object(
  'id', m.id,
  'version', m.version,
  'updatedAt', to_char(m.updated_at at time zone 'UTC', ${ISO}),
  'updatedBy', case when ub.id is null then null else json_build_object('id', ub.id, 'name', ub.name) end,
  'v2momId', m.v2mom_id,
  'description', m.description,
  'dueDate', to_char(m.due_date, 'YYYY-MM-DD'),
  'ownerId', m.owner_id,
  'progress', m.progress,
  'status', m.status,
  'order', m.position,
  'linkedValues', coalesce((
    select json_agg(val.id order by val.position, val.id)
    from method_linked_values mlv join value val on val.id = mlv.value_id
    where mlv.method_id = m.id), '[]'::json),
  'linkedMethodId', m.linked_method_id,
  'measure', m.measure,
  'q1Measure', m.q1_measure, 'q2Measure', m.q2_measure, 'q3Measure', m.q3_measure, 'q4Measure', m.q4_measure,
  'q1Goal', m.q1_goal, 'q2Goal', m.q2_goal, 'q3Goal', m.q3_goal, 'q4Goal', m.q4_goal,
  'update', m.update,
  'updates', m.updates,
  'currentMeasure', m.current_measure,
  'activities', m.activities,
  'l2Owner', m.l2_owner,
  'forCooTracking', m.for_coo_tracking,
  'owner', case when o.id is null then null else json_build_object('id', o.id, 'name', o.name, 'department', od.name) end,
  'v2mom', json_build_object('id', v.id, 'title', v.title, 'year', v.year, 'owner', json_build_object('id', vo.id, 'name', vo.name)),
  'linkedMethod', case when lm.id is null then null else json_build_object('id', lm.id, 'description', lm.description, 'status', lm.status) end,
  'obstacles', coalesce((
    select json_agg(json_build_object('id', ob.id, 'description', ob.description) order by ob.position, ob.id)
    from obstacle_linked_methods olm join obstacle ob on ob.id = olm.obstacle_id
    where olm.method_id = m.id), '[]'::json),
  'currentQuarterMeasure', m.${quarterMeasureColumn}
) order by m.v2mom_id, m.position, m.id), '[]'::json)::text as body
from method m
join v2mom v on v.id = m.v2mom_id
join "user" vo on vo.id = v.owner_id
left join "user" o on o.id = m.owner_id
left join department od on od.id = o.department_id
left join method lm on lm.id = m.linked_method_id
left join "user" ub on ub.id = m.updated_by_id`;
}

export function handWrittenMethodsAll(orm: MikroORM): RequestHandler {
  return async (_req, res) => {
    const column = `${fiscalQuarterOf(new Date())}_measure`;
    const [row] = await orm.em.fork().execute<Array<{ body: string }>>(methodsAllSql(column));
    res.type('json').send(row?.body ?? '[]');
  };
}
