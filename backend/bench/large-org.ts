import type { MikroORM } from '@mikro-orm/postgresql';
import { lastFinishedQuarter, quarterEnd } from '@v2mom/contracts';

/**
 * A "large organisation" for the benchmark, added on top of the demo seed in a few set-based
 * INSERT … SELECT generate_series statements (seconds, not minutes). Deterministic: the same
 * sizes always give the same rows, so runs are comparable.
 */

export interface OrganisationSize {
  users: number;
  v2moms: number;
  methods: number;
  tasks: number;
  valuesPerV2mom: number;
  obstaclesPerV2mom: number;
  measuresPerV2mom: number;
  /** Weekly check-ins each generated method has had, the latest this week. */
  weeksOfCheckIns: number;
}

export const LARGE_ORGANISATION: OrganisationSize = {
  users: 200,
  v2moms: 100,
  methods: 2_000,
  tasks: 5_000,
  valuesPerV2mom: 3,
  obstaclesPerV2mom: 5,
  measuresPerV2mom: 3,
  weeksOfCheckIns: 52,
};

const BENCH = 'Bench';
/** How a generated method's description begins. */
const GENERATED_METHOD = 'Method ';

/** Whether the large organisation generated the method: each such one has had `weeksOfCheckIns` weekly check-ins. */
export function isGeneratedMethod(method: { description: string }): boolean {
  return method.description.startsWith(GENERATED_METHOD);
}

/** Arrays of ids the generated rows draw from, in id order. */
const IDS = {
  users: `(select array_agg(id order by id) from "user")`,
  v2moms: `(select array_agg(id order by id) from v2mom where title like '${BENCH} %')`,
  methods: `(select array_agg(id order by id) from method)`,
  departments: `(select array_agg(id order by id) from department)`,
};

/** Element `index` (any integer) of an id array, wrapping around. */
function pick(array: string, index: string): string {
  return `(${array})[1 + ((${index}) % array_length(${array}, 1))]`;
}

export async function seedLargeOrganisation(orm: MikroORM, size: OrganisationSize = LARGE_ORGANISATION): Promise<Record<string, number>> {
  const em = orm.em.fork();
  await em.transactional(async (tx) => {
    const run = (sql: string) => tx.execute(sql, [], 'run');
    const count = async (table: string) => Number((await tx.execute<Array<{ n: string }>>(`select count(*) as n from "${table}"`))[0]?.n ?? 0);

    const usersToAdd = Math.max(0, size.users - (await count('user')));
    await run(`
      insert into "user" (created_at, updated_at, username, name, department_id, role, capabilities, password_hash)
      select now(), now(), 'bench' || g, '${BENCH} Person ' || g, ${pick(IDS.departments, 'g')},
             case when g % 10 = 0 then 'read_only' else 'user' end, '{}',
             (select password_hash from "user" order by id limit 1)
      from generate_series(1, ${usersToAdd}) g`);

    const v2momsToAdd = Math.max(0, size.v2moms - (await count('v2mom')));
    await run(`
      insert into v2mom (created_at, updated_at, title, year, quarter, status, vision, overall_progress, owner_id)
      select now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval,
             '${BENCH} V2MOM ' || g, 2026, (array['q1','q2','q3','q4'])[1 + g % 4],
             (array['completed','in_progress','at_risk','draft','not_started'])[1 + g % 5],
             'Vision of bench V2MOM ' || g || '. ' || repeat('We grow by serving customers well. ', 4),
             (g * 37) % 101, ${pick(IDS.users, 'g * 7')}
      from generate_series(1, ${v2momsToAdd}) g`);

    await run(`
      insert into value (created_at, updated_at, v2mom_id, description, position)
      select now(), now(), v.id, 'Value ' || p || ' of ' || v.title, p
      from v2mom v cross join generate_series(0, ${size.valuesPerV2mom - 1}) p
      where v.title like '${BENCH} %'`);

    const methodsToAdd = Math.max(0, size.methods - (await count('method')));
    await run(`
      insert into method (created_at, updated_at, v2mom_id, description, due_date, owner_id, progress, status, position,
                          measure, q1_measure, q2_measure, q3_measure, q4_measure, q1_goal, q2_goal, q3_goal, q4_goal,
                          update, update_author_id, update_at, update_count, last_check_in_at, current_measure, activities, l2_owner, for_coo_tracking)
      select now() - (k || ' seconds')::interval, now() - (k || ' seconds')::interval,
             ${pick(IDS.v2moms, 'k')}, '${GENERATED_METHOD}' || k || ': ' || repeat('improve the pipeline ', 3),
             date '2026-01-01' + (k % 365), ${pick(IDS.users, 'k * 13')}, (k * 37) % 101,
             (array['not_started','in_progress','completed','at_risk'])[1 + k % 4], k / array_length(${IDS.v2moms}, 1),
             'Measure ' || k, 'Q1 target ' || k, 'Q2 target ' || k, 'Q3 target ' || k, 'Q4 target ' || k,
             'Q1 goal', 'Q2 goal', 'Q3 goal', 'Q4 goal',
             'Latest update on method ' || k, ${pick(IDS.users, 'k * 13')}, now() - (k || ' seconds')::interval, ${size.weeksOfCheckIns},
             now() - (k || ' seconds')::interval,
             (k % 50) || ' of 50', 'Weekly check-ins', null, k % 10 = 0
      from generate_series(1, ${methodsToAdd}) k`);
    // Every fifth method builds on the one before it in the same V2MOM.
    await run(`
      update method m set linked_method_id = prev.id
      from method prev
      where m.id % 5 = 0 and prev.v2mom_id = m.v2mom_id and prev.position = m.position - 1 and m.description like '${GENERATED_METHOD}%'`);
    await run(`
      insert into method_linked_values (method_id, value_id)
      select m.id, val.id from method m
      join value val on val.v2mom_id = m.v2mom_id and val.position = m.id % ${size.valuesPerV2mom}
      where m.description like '${GENERATED_METHOD}%'`);

    // A year of weekly check-ins by each method's owner: progress rising to today's, the status
    // changing now and then, an update every fourth week; the last is the method's current state,
    // whose update, author and time (its last check-in) the method row was given above (no second
    // write of its rows).
    await run(`
      insert into check_in (method_id, author_id, "at", method_version, progress, status, current_measure, update,
                            prev_progress, prev_status, prev_current_measure, prev_update)
      select m.id, m.owner_id, m.update_at - ((${size.weeksOfCheckIns} - w) || ' weeks')::interval, null,
             m.progress * w / ${size.weeksOfCheckIns},
             case when w = ${size.weeksOfCheckIns} then m.status else (array['not_started','in_progress','completed','at_risk'])[1 + (m.id + w / 8) % 4] end,
             m.current_measure,
             case when w = ${size.weeksOfCheckIns} then m.update when w % 4 = 0 then 'Week ' || w || ' on method ' || m.id end,
             null, null, null, null
      from method m cross join generate_series(1, ${size.weeksOfCheckIns}) w
      where m.description like '${GENERATED_METHOD}%'`);

    // The last quarter that has ended, reviewed for five methods in six by their owners three days
    // after its end (or now, if sooner), each with its values at the end as its check-ins give them.
    const zone = (await tx.execute<Array<{ time_zone: string }>>(`select time_zone from rhythm limit 1`))[0]?.time_zone ?? 'UTC';
    const reviewed = lastFinishedQuarter(new Date(), zone);
    const q = reviewed.quarter;
    await tx.execute(
      `
      insert into quarter_review (created_at, updated_at, updated_by_id, method_id, year, quarter, result, reflection, goal, measure,
                                  progress, status, current_measure, reviewed_by_id, reviewed_at)
      select now(), now(), m.owner_id, m.id, v.year, '${q}',
             case when e.status = 'at_risk' then 'missed' when e.progress >= 50 then 'met' else 'partly_met' end,
             'Method ' || m.id || ' in ${q.toUpperCase()}: ' || repeat('what went well, what slipped and what we change next. ', 2),
             m.${q}_goal, m.${q}_measure, e.progress, e.status, e.current_measure, m.owner_id, least(?::timestamptz + interval '3 days', now())
      from method m
      join v2mom v on v.id = m.v2mom_id
      left join lateral (
        select c.progress, c.status, c.current_measure from check_in c
        where c.method_id = m.id and c."at" <= ?::timestamptz order by c."at" desc limit 1
      ) c on true
      cross join lateral (select coalesce(c.progress, m.progress) as progress, coalesce(c.status, m.status) as status,
                                 coalesce(c.current_measure, m.current_measure) as current_measure) e
      where m.description like '${GENERATED_METHOD}%' and v.year = ? and m.id % 6 <> 0`,
      [quarterEnd(reviewed, zone), quarterEnd(reviewed, zone), reviewed.year],
      'run',
    );

    await run(`
      insert into obstacle (created_at, updated_at, v2mom_id, description, position, owner_id, impact, mitigation)
      select now(), now(), v.id, 'Obstacle ' || p || ' of ' || v.title || E'\\nSecond line', p, v.owner_id, 'Slows delivery', 'Escalate weekly'
      from v2mom v cross join generate_series(0, ${size.obstaclesPerV2mom - 1}) p
      where v.title like '${BENCH} %'`);
    await run(`
      insert into obstacle_linked_methods (obstacle_id, method_id)
      select o.id, m.id from obstacle o
      join method m on m.v2mom_id = o.v2mom_id and m.position in (o.position, o.position + 1)
      where o.description like 'Obstacle %'`);

    await run(`
      insert into measure (created_at, updated_at, v2mom_id, description, target, current, status, position)
      select now(), now(), v.id, 'Measure ' || p || ' of ' || v.title, '100', (p * 30)::text,
             (array['on_track','at_risk','achieved'])[1 + p % 3], p
      from v2mom v cross join generate_series(0, ${size.measuresPerV2mom - 1}) p
      where v.title like '${BENCH} %'`);

    const tasksToAdd = Math.max(0, size.tasks - (await count('task')));
    await run(`
      insert into task (created_at, updated_at, title, description, status, updates, method_id, owner_id)
      select now() - (t || ' seconds')::interval, now() - (t || ' seconds')::interval,
             'Task ' || t, 'Do the next step of task ' || t || E'.\\nThen report back.',
             (array['not_started','in_progress','completed','at_risk'])[1 + t % 4],
             case when t % 3 = 0 then 'Progress noted on ' || t else null end,
             case when t % 5 = 0 then null else ${pick(IDS.methods, 't * 11')} end,
             ${pick(IDS.users, 't * 17')}
      from generate_series(1, ${tasksToAdd}) t`);
  });

  const counts: Record<string, number> = {};
  for (const table of ['user', 'v2mom', 'value', 'method', 'check_in', 'quarter_review', 'obstacle', 'measure', 'task']) {
    const rows = await orm.em.fork().execute<Array<{ n: string }>>(`select count(*) as n from "${table}"`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
