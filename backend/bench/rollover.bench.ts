import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { LIVE_EVENTS, ZNextYearStartedSchema, ZV2momCompleteSchema, type TStartNextYear, type TYearEndChoice } from '@v2mom/contracts';
import { z } from 'zod';
import { connectClient } from '../src/test/live-client.js';
import { withBenchDatabase } from './bench-database.js';
import { below, none, reported, writeBenchResults } from './bench-results.js';
import { login } from './load.js';
import { machineSpeedMs } from './machine-speed.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench:rollover -w backend` (`make bench-rollover`): starting next year from a V2MOM of
 * BENCH_ROLLOVER_METHODS methods with BENCH_ROLLOVER_TASKS tasks (docs/PERFORMANCE.md, "Starting
 * next year"). The V2MOM is built straight in the database of a built server's own; the request is
 * timed from sent to answered, and a socket of another person times the rollover's one
 * `entity:changed` packet from the answer to received (it leaves after the commit, as the answer
 * does; 0 when it came first). Four methods in five are carried (every other
 * one keeping its progress, each moving its open tasks), the rest closed as missed or dropped.
 * Targets: the request under 5 s; the packet on others' sockets under 1 s; one next year, one
 * copy of each carried method.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_ROLLOVER_METHODS: z.coerce.number().int().positive().max(1000).default(500),
    BENCH_ROLLOVER_TASKS: z.coerce.number().int().nonnegative().default(5_000),
    BENCH_ROLLOVER_OUT: z.string().default(fileURLToPath(new URL('./results/rollover.json', import.meta.url))),
  })
  .parse(process.env);

const REQUEST_TARGET_MS = 5_000;
const PACKET_TARGET_MS = 1_000;
const YEAR = 2030;
const round = (value: number) => Math.round(value * 10) / 10;
const CHOICES: readonly TYearEndChoice[] = ['carry', 'carry', 'carry', 'carry', 'missed', 'carry', 'carry', 'carry', 'carry', 'drop'];

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const em = orm.em.fork();
  const run = <T>(sql: string, params: unknown[] = []) => em.execute<T[]>(sql, params);
  const [owner] = await run<{ id: number }>(`select id from "user" where username = 'member'`);
  const [v2mom] = await run<{ id: number }>(
    `insert into v2mom (version, created_at, updated_at, title, year, quarter, status, vision, overall_progress, owner_id)
     values (1, now(), now(), ?, ?, 'q1', 'in_progress', 'A big year', 40, ?) returning id`,
    [`Bench rollover ${YEAR}`, YEAR, owner?.id],
  );
  const v2momId = v2mom?.id ?? 0;
  await run(`insert into value (version, created_at, updated_at, v2mom_id, description, position) select 1, now(), now(), ?, 'Value ' || g, g from generate_series(0, 9) g`, [v2momId]);
  await run(
    `insert into method (version, created_at, updated_at, v2mom_id, description, owner_id, progress, status, position, measure, q1_goal, update_count, for_coo_tracking)
     select 1, now(), now(), ?, 'Method ' || g, ?, (g * 7) % 100, (array['in_progress', 'at_risk', 'not_started'])[g % 3 + 1], g, 'Measure ' || g, 'Goal ' || g, 0, g % 5 = 0
     from generate_series(0, ? - 1) g`,
    [v2momId, owner?.id, options.BENCH_ROLLOVER_METHODS],
  );
  await run(
    `insert into method_linked_values (method_id, value_id)
     select m.id, (select id from value where v2mom_id = ? order by id offset m.position % 10 limit 1) from method m where m.v2mom_id = ?`,
    [v2momId, v2momId],
  );
  await run(
    `insert into obstacle (version, created_at, updated_at, v2mom_id, description, position, owner_id)
     select 1, now(), now(), ?, 'Obstacle ' || g, g, ? from generate_series(0, ? - 1) g`,
    [v2momId, owner?.id, Math.ceil(options.BENCH_ROLLOVER_METHODS / 10)],
  );
  await run(
    `insert into obstacle_linked_methods (obstacle_id, method_id)
     select o.id, m.id from obstacle o join method m on m.v2mom_id = o.v2mom_id and m.position / 10 = o.position where o.v2mom_id = ?`,
    [v2momId],
  );
  await run(
    `insert into task (version, created_at, updated_at, title, description, status, method_id, owner_id)
     select 1, now(), now(), 'Task ' || g, 'Do it', case when g % 10 = 0 then 'completed' else 'not_started' end,
            (select id from method where v2mom_id = ? order by id offset g % ? limit 1), ?
     from generate_series(0, ? - 1) g`,
    [v2momId, options.BENCH_ROLLOVER_METHODS, owner?.id, options.BENCH_ROLLOVER_TASKS],
  );
  await run('analyze');

  const server = await startServer({ clientUrl, env: { REDIS_URL: '' } });
  try {
    const cookie = await login(server.port, 'member');
    const base = `http://127.0.0.1:${server.port}`;
    const document = ZV2momCompleteSchema.parse(await (await fetch(`${base}/api/v2moms/${v2momId}/complete`, { headers: { cookie } })).json());
    const body: TStartNextYear = {
      year: YEAR + 1,
      vision: document.vision,
      values: document.values.map((value) => ({ fromId: value.id, description: value.description })),
      methods: document.methods.map((method, index) => ({ methodId: method.id, choice: CHOICES[index % CHOICES.length] ?? 'carry', keepProgress: index % 2 === 0 })),
    };

    const watcher = await connectClient(`${base}`, await login(server.port, 'lead'), { reconnection: false });
    let packets = 0;
    const packet = new Promise<number>((resolve) => {
      watcher.on(LIVE_EVENTS.entityChanged, (changes) => {
        if (!changes.some((change) => change.entity === 'v2mom' && change.operation === 'created')) return;
        packets += 1;
        resolve(performance.now());
      });
    });
    const loadBefore = round(loadavg()[0] ?? 0);
    const sent = performance.now();
    const response = await fetch(`${base}/api/v2moms/${v2momId}/next-year`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answered = performance.now();
    if (response.status !== 201) throw new Error(`The rollover answered ${response.status}: ${await response.text()}`);
    const started = ZNextYearStartedSchema.parse(await response.json());
    const arrived = await packet;
    watcher.disconnect();

    const [counts] = await run<{ next_years: number; copies: number; doubled: number; moved: number }>(
      `select (select count(*)::int from v2mom where started_from_id = ?) as next_years,
              (select count(*)::int from method where v2mom_id = ?) as copies,
              (select count(*)::int - count(distinct carried_from_id)::int from method where carried_from_id is not null) as doubled,
              (select count(*)::int from task t join method m on m.id = t.method_id where m.v2mom_id = ?) as moved`,
      [v2momId, started.id, started.id],
    );
    const carried = body.methods.filter((method) => method.choice === 'carry').length;
    const figures = { requestMs: round(answered - sent), packetMs: round(Math.max(0, arrived - answered)), ...counts, carried, packets };
    console.log('Starting next year:', figures);

    const cpu = cpus();
    writeBenchResults(options.BENCH_ROLLOVER_OUT, {
      bench: 'rollover',
      title: `Starting next year from a V2MOM of ${options.BENCH_ROLLOVER_METHODS} methods and ${options.BENCH_ROLLOVER_TASKS.toLocaleString('en')} tasks, ${carried} methods carried`,
      figures: [
        below('request: rollover in one transaction, sent to answered', figures.requestMs, 'ms', REQUEST_TARGET_MS),
        below("its entity:changed packet on another person's socket, from the answer", figures.packetMs, 'ms', PACKET_TARGET_MS),
        none('next-year V2MOMs beyond one', (counts?.next_years ?? 0) - 1),
        none('methods copied twice', counts?.doubled ?? 0),
        none('carried methods missing', carried - (counts?.copies ?? 0)),
        reported('open tasks moved to the copies', counts?.moved ?? 0, 'tasks'),
      ],
      machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`,
      machineSpeedMs: machineSpeedMs(),
      loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0) },
      ...figures,
    });
  } finally {
    await server.stop();
  }
});
