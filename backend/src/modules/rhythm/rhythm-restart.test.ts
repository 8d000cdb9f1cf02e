import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fiscalQuarterAt } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_ORGANISATION, seedLargeOrganisation } from '../../../bench/large-org.js';
import { seedDemo } from '../../seeds/demo/seed-demo.js';
import { loadEnv } from '../../env.js';
import { until } from '../../test/cluster.js';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import { TEST_CLOCK_START } from '../../test/test-app.js';

/**
 * A server killed in the middle of a reminder run, and started again (docs/PRODUCT.md#rhythm-runs):
 * the real server in a child process, as `make start` runs it, on a PostgreSQL database with
 * enough people that the run takes a while. Killed while the run's transaction is open, it leaves
 * nothing; started again, it does the run whole: each owner reminded once, nobody missed. Needs
 * PostgreSQL: the embedded database cannot be shared by two processes.
 */
const serverUrl = loadEnv({ NODE_ENV: 'test' }).TEST_DATABASE_URL ?? loadEnv({ NODE_ENV: 'test' }).DATABASE_URL;
const SERVER = fileURLToPath(new URL('../../server.ts', import.meta.url));
const MINUTE = 60_000;
/** The check-in time the servers find passed as they start, on their clock (CLOCK_START is TEST_CLOCK_START). */
const CHECK_IN_AT = new Date(TEST_CLOCK_START.getTime() - 5 * MINUTE);

let scratch: ScratchDatabase;
let dataDir: string;
let clientUrl: string;

const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await scratch.database.orm.em.fork().getConnection().execute(sql, params)) as T[];

function startServer(): ChildProcess {
  return fork(SERVER, [], {
    execArgv: ['--import', 'tsx', '--conditions=source'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: clientUrl,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      CLOCK_START: TEST_CLOCK_START.toISOString(),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/** Whether a run is midway: one transaction holds its uncommitted row of rhythm_run and has written reminders. */
async function runMidway(): Promise<boolean> {
  const rows = await query(
    `select l.pid from pg_locks l join pg_class c on c.oid = l.relation
     where l.mode = 'RowExclusiveLock' and c.relname in ('rhythm_run', 'notification') group by l.pid having count(distinct c.relname) = 2`,
  );
  return rows.length > 0;
}

describe.skipIf(!serverUrl)('a reminder run cut short by a killed server', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl);
    const { orm } = scratch.database;
    await orm.migrator.up();
    await seedDemo(orm, 'demo1234', TEST_CLOCK_START);
    await seedLargeOrganisation(orm, { ...LARGE_ORGANISATION, users: 1_500, methods: 6_000, v2moms: 150, tasks: 0, weeksOfCheckIns: 1 });
    clientUrl = orm.config.get('clientUrl') as string;
    dataDir = await mkdtemp(join(tmpdir(), 'v2mom-restart-'));
    // The check-in time passed five minutes before the servers' clock starts, a day after the rhythm was set, and nobody checked in since the one before.
    const time = `${String(CHECK_IN_AT.getUTCHours()).padStart(2, '0')}:${String(CHECK_IN_AT.getUTCMinutes()).padStart(2, '0')}`;
    await query(`update rhythm set time_zone = 'UTC', check_in_day = ?, check_in_time = ?, updated_at = ?`, [
      CHECK_IN_AT.getUTCDay() || 7,
      time,
      new Date(CHECK_IN_AT.getTime() - 24 * 60 * MINUTE),
    ]);
    await query(`update "user" set email = username || '@example.com' where email is null`);
    await query(`update method set last_check_in_at = null`);
  }, 300_000);

  afterAll(async () => {
    await scratch?.database.close();
    await scratch?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing when killed, and reminds every owner once when started again', async () => {
    const owners = await query<{ owner_id: number }>(
      `select distinct m.owner_id from method m join v2mom v on v.id = m.v2mom_id join "user" u on u.id = m.owner_id
       where m.status <> 'completed' and u.active and v.year = ? order by 1`,
      [fiscalQuarterAt(CHECK_IN_AT, 'UTC').year],
    );
    expect(owners.length).toBeGreaterThan(1_000);

    const first = startServer();
    await until(runMidway, 120_000);
    first.kill('SIGKILL');
    await once(first, 'exit');
    expect(await query(`select * from rhythm_run`)).toEqual([]);
    expect(await query(`select id from notification where kind = 'check_in_reminder'`)).toEqual([]);
    expect(await query(`select id from email_outbox`)).toEqual([]);

    const second = startServer();
    try {
      await until(async () => (await query(`select 1 from rhythm_run where kind = 'check_in'`)).length === 1, 180_000);
      const reminded = await query<{ recipient_id: number; n: number }>(`select recipient_id, count(*)::int as n from notification where kind = 'check_in_reminder' group by 1 order by 1`);
      expect(reminded).toEqual(owners.map(({ owner_id }) => ({ recipient_id: owner_id, n: 1 })));
      const emailed = await query<{ recipient_id: number; n: number }>(`select recipient_id, count(*)::int as n from email_outbox where kind = 'check_in_reminder' group by 1 order by 1`);
      expect(emailed).toEqual(owners.map(({ owner_id }) => ({ recipient_id: owner_id, n: 1 })));
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
  });
});
