import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
});
afterAll(() => app.stop());

const run = (sql: string, params: unknown[] = []) => app.orm.em.getConnection().execute(sql, params);

describe('committed migrations', () => {
  it('are every file of this folder, found by the migrator and applied in the order of their names', async () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter((file) => !file.endsWith('.test.ts'));
    const applied = (await app.orm.migrator.getExecuted()).map((migration) => `${migration.name}.ts`);
    expect(applied).toEqual(files.sort());
  });

  it('bring an empty database exactly to the schema the entities describe', async () => {
    expect(await app.orm.migrator.getPending()).toEqual([]);
    const diff = await app.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('carry logged writes and the legacy updates text of a database with data over into check-ins', async () => {
    await app.orm.migrator.down({ to: 'Migration20261123180355' });
    const [method] = await run(`select m.id, m.owner_id from method m where m.owner_id is not null order by m.id limit 1`);
    const [other] = await run(`select id from "user" where id <> ? order by id limit 1`, [method.owner_id]);
    await run(`update method set progress = 20, status = 'at_risk', current_measure = '5', "update" = 'C', updates = ? where id = ?`, ['B\n\nA\n \nOld one', method.id]);
    const log = `insert into change_log (entity, row_id, version, operation, fields, actor_id, changed_at) values ('method', ?, ?, 'updated', ?::jsonb, ?, now() - ?::interval)`;
    await run(log, [method.id, 2, JSON.stringify({ update: { old: 'A', new: 'B' }, progress: { old: 10, new: 20 } }), other.id, '3 days']);
    await run(log, [method.id, 3, JSON.stringify({ description: { old: 'x', new: 'y' } }), other.id, '2 days']);
    await run(log, [method.id, 4, JSON.stringify({ update: { old: 'B', new: 'C' }, status: { old: 'in_progress', new: 'at_risk' } }), method.owner_id, '1 day']);

    await app.orm.migrator.up();

    const checkIns = await run(
      `select author_id, method_version, progress, status, current_measure, "update", prev_progress, prev_status, prev_current_measure, prev_update, "at" is null as undated
       from check_in where method_id = ? order by "at" desc nulls last, id desc`,
      [method.id],
    );
    const carried = { current_measure: '5', prev_current_measure: '5' };
    expect(checkIns).toEqual([
      { author_id: method.owner_id, method_version: 4, progress: 20, status: 'at_risk', update: 'C', prev_progress: 20, prev_status: 'in_progress', prev_update: 'B', undated: false, ...carried },
      { author_id: other.id, method_version: 2, progress: 20, status: 'in_progress', update: 'B', prev_progress: 10, prev_status: 'in_progress', prev_update: 'A', undated: false, ...carried },
      ...['A', 'Old one'].map((update) => ({
        author_id: null, method_version: null, progress: null, status: null, current_measure: null, update,
        prev_progress: null, prev_status: null, prev_current_measure: null, prev_update: null, undated: true,
      })),
    ]);
    const [row] = await run(`select update_author_id, update_count, update_at = (select max("at") from check_in where method_id = ?) as latest from method where id = ?`, [method.id, method.id]);
    expect(row).toEqual({ update_author_id: method.owner_id, update_count: 4, latest: true });
    const columns = await run(`select column_name from information_schema.columns where table_name = 'method' and column_name = 'updates'`);
    expect(columns).toEqual([]);
  });

  it('give the logged writes of a database with data the V2MOM of their rows as they are now', async () => {
    const logged = async () => new Map((await run(`select id, v2mom_id from change_log`)).map((row: { id: number; v2mom_id: number | null }) => [row.id, row.v2mom_id]));
    const written = await logged();
    expect([...written.values()].filter((v2momId) => v2momId !== null).length).toBeGreaterThan(0);
    const [task] = await run(`select t.id, m.v2mom_id from task t join method m on m.id = t.method_id order by t.id limit 1`);
    const [loose] = await run(`select id from task where method_id is null order by id limit 1`);
    const [v2mom] = await run(`select id from v2mom order by id limit 1`);

    await app.orm.migrator.down({ to: 'Migration20261127194500' });
    const log = `insert into change_log (entity, row_id, version, operation, fields, changed_at) values (?, ?, 1, 'updated', '{}'::jsonb, now()) returning id`;
    const [taskChange] = await run(log, ['task', task.id]);
    const [looseChange] = await run(log, ['task', loose.id]);
    const [goneChange] = await run(log, ['obstacle', 2147483647]);
    const [goneV2momChange] = await run(log, ['v2mom', 2147483646]);
    const [v2momChange] = await run(log, ['v2mom', v2mom.id]);

    await app.orm.migrator.up();

    const backfilled = await logged();
    // What the flush wrote, the migration rebuilds from the rows.
    for (const [id, v2momId] of written) expect(backfilled.get(id), `change ${id}`).toBe(v2momId);
    expect(backfilled.get(taskChange.id)).toBe(task.v2mom_id);
    expect(backfilled.get(looseChange.id)).toBeNull();
    expect(backfilled.get(goneChange.id)).toBeNull();
    expect(backfilled.get(goneV2momChange.id)).toBe(2147483646);
    expect(backfilled.get(v2momChange.id)).toBe(v2mom.id);
  });
  it("count a database's methods into the quarter scorecard's tally as its writes' triggers had kept them", async () => {
    const tally = `select "year", "quarter", "department_id", sum("met")::int as "met", sum("partly_met")::int as "partly_met", sum("missed")::int as "missed", sum("not_reviewed")::int as "not_reviewed"
      from "scorecard_tally" group by 1, 2, 3 having sum("met") <> 0 or sum("partly_met") <> 0 or sum("missed") <> 0 or sum("not_reviewed") <> 0 order by 1, 2, 3`;
    await run(`insert into "quarter_review" ("created_at", "updated_at", "method_id", "year", "quarter", "result", "reflection", "progress", "status", "reviewed_at")
      select now(), now(), "m"."id", "v"."year", 'q1', 'met', '', "m"."progress", "m"."status", now() from "method" as "m" join "v2mom" as "v" on "v"."id" = "m"."v2mom_id"
      where not exists (select 1 from "quarter_review" as "r" where "r"."method_id" = "m"."id" and "r"."year" = "v"."year" and "r"."quarter" = 'q1') order by "m"."id" limit 20`);
    const kept = await run(tally);
    expect(kept.some((row: { met: number; partly_met: number; missed: number }) => row.met + row.partly_met + row.missed > 0)).toBe(true);
    await app.orm.migrator.down({ to: 'Migration20261205000000' });
    await app.orm.migrator.up();
    expect(await run(tally)).toEqual(kept);
  });
});
