import type { RequestHandler } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { fiscalQuarterOf } from '@v2mom/contracts';
import { sql, type Expression, type Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { selectRows, type ReadDb } from '../src/modules/read-db.js';
import { methodRows } from '../src/modules/methods/method.read.js';
import { isoTimestamp } from '../src/modules/shared/read-rows.js';

/**
 * The GET /api/methods/all payload from one statement in which PostgreSQL builds the JSON text
 * itself (json_agg) and Node only passes it on: the benchmark's yardstick for what the database
 * and HTTP alone cost; never mounted by the real app. It selects from the production read's own
 * joins (`methodRows`), so both read the same rows and a renamed column breaks both.
 */

/** A joined row's object, or JSON null when the join found none. */
function orNull(id: Expression<number | null>, object: Expression<unknown>) {
  return sql`case when ${id} is null then null else ${object} end`;
}

function methodsAllJson(db: Kysely<ReadDb>) {
  const quarterMeasure = `m.${fiscalQuarterOf(new Date())}_measure` as const;
  return methodRows(db).select((eb) => {
    const linkedValues = eb
      .selectFrom('method_linked_values as mlv')
      .innerJoin('value as val', 'val.id', 'mlv.value_id')
      .select((sub) => sql`json_agg(${sub.ref('val.id')} order by ${sub.ref('val.position')}, ${sub.ref('val.id')})`.as('ids'))
      .whereRef('mlv.method_id', '=', 'm.id');
    const obstacles = eb
      .selectFrom('obstacle_linked_methods as olm')
      .innerJoin('obstacle as ob', 'ob.id', 'olm.obstacle_id')
      .select((sub) =>
        sql`json_agg(${jsonBuildObject({ id: sub.ref('ob.id'), description: sub.ref('ob.description') })} order by ${sub.ref('ob.position')}, ${sub.ref('ob.id')})`.as(
          'list',
        ),
      )
      .whereRef('olm.method_id', '=', 'm.id');
    const method = jsonBuildObject({
      id: eb.ref('m.id'),
      version: eb.ref('m.version'),
      updatedAt: isoTimestamp(eb.ref('m.updated_at')),
      updatedBy: orNull(eb.ref('ub.id'), jsonBuildObject({ id: eb.ref('ub.id'), name: eb.ref('ub.name'), active: eb.ref('ub.active') })),
      v2momId: eb.ref('m.v2mom_id'),
      description: eb.ref('m.description'),
      dueDate: eb.ref('m.due_date'),
      ownerId: eb.ref('m.owner_id'),
      progress: eb.ref('m.progress'),
      status: eb.ref('m.status'),
      order: eb.ref('m.position'),
      linkedValues: sql`coalesce((${linkedValues}), '[]'::json)`,
      linkedMethodId: eb.ref('m.linked_method_id'),
      measure: eb.ref('m.measure'),
      q1Measure: eb.ref('m.q1_measure'),
      q2Measure: eb.ref('m.q2_measure'),
      q3Measure: eb.ref('m.q3_measure'),
      q4Measure: eb.ref('m.q4_measure'),
      q1Goal: eb.ref('m.q1_goal'),
      q2Goal: eb.ref('m.q2_goal'),
      q3Goal: eb.ref('m.q3_goal'),
      q4Goal: eb.ref('m.q4_goal'),
      update: eb.ref('m.update'),
      updateAuthor: orNull(eb.ref('ua.id'), jsonBuildObject({ id: eb.ref('ua.id'), name: eb.ref('ua.name') })),
      updateAt: isoTimestamp(eb.ref('m.update_at')),
      updateCount: eb.ref('m.update_count'),
      currentMeasure: eb.ref('m.current_measure'),
      activities: eb.ref('m.activities'),
      l2Owner: eb.ref('m.l2_owner'),
      forCooTracking: eb.ref('m.for_coo_tracking'),
      owner: orNull(eb.ref('o.id'), jsonBuildObject({ id: eb.ref('o.id'), name: eb.ref('o.name'), active: eb.ref('o.active'), department: eb.ref('od.name') })),
      v2mom: jsonBuildObject({
        id: eb.ref('v.id'),
        title: eb.ref('v.title'),
        year: eb.ref('v.year'),
        owner: jsonBuildObject({ id: eb.ref('vo.id'), name: eb.ref('vo.name'), active: eb.ref('vo.active') }),
      }),
      linkedMethod: orNull(
        eb.ref('lm.id'),
        jsonBuildObject({ id: eb.ref('lm.id'), description: eb.ref('lm.description'), status: eb.ref('lm.status') }),
      ),
      obstacles: sql`coalesce((${obstacles}), '[]'::json)`,
      currentQuarterMeasure: eb.ref(quarterMeasure),
    });
    const order = sql`${eb.ref('m.v2mom_id')}, ${eb.ref('m.position')}, ${eb.ref('m.id')}`;
    return [sql<string>`coalesce(json_agg(${method} order by ${order}), '[]'::json)::text`.as('body')];
  });
}

export function handWrittenMethodsAll(orm: MikroORM): RequestHandler {
  return async (_req, res) => {
    const [row] = await selectRows(orm.em.fork(), methodsAllJson);
    res.type('json').send(row?.body ?? '[]');
  };
}
