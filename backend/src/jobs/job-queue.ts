import type { MikroORM } from '@mikro-orm/core';
import { PgBoss, type Clock, type Db } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { now } from '../server-clock.js';

/** Connections the queue keeps to PostgreSQL of its own: its polls and cron passes are short. */
const QUEUE_POOL_SIZE = 2;
/** pg-boss's tables live apart from the product's, in their own schema. */
const QUEUE_SCHEMA = 'pgboss';

/** A job the queue runs: its name, when it recurs (cron, on the company's clock), and what it does. */
export interface RecurringJob {
  name: string;
  cron: string;
  /** Runs once per due time across all servers; `now` is the server's clock (server-clock.ts). */
  run(now: Date): Promise<void>;
}

export interface JobQueue {
  /** Creates the queue's schema when missing, then runs the jobs; after the product's migrations. */
  start(jobs: readonly RecurringJob[]): Promise<void>;
  /** Asks for a job to run now, besides its schedule (e.g. email delivery after a run queued some). */
  runSoon(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The embedded database serves one connection (db/embedded-server.ts), which MikroORM's pool
 * holds: the queue shares it. A multi-statement text without parameters is a simple query, whose
 * every statement's rows `pool.query` answers, as pg-boss expects. PGlite is one session whatever
 * the connection, so a statement every session must carry runs once.
 */
async function sharedConnection(orm: MikroORM): Promise<Db> {
  const pool = (await orm.em.getConnection().getNativeClient()) as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return {
    executeSql: (text: string, values?: unknown[]) => pool.query(text, values),
    async setSessionStatements(statements: string[]) {
      for (const statement of statements) await pool.query(statement);
    },
  };
}

/**
 * Scheduled work on a PostgreSQL-backed queue (pg-boss; docs/PRODUCT.md#rhythm): each recurring
 * job is sent once per due time whichever servers run, each run taken by one server, and a run a
 * stopped server left is taken again after it expires. The jobs themselves are written to be
 * safe to run twice.
 */
export function createJobQueue({ database, logger, clock }: { database: Database; logger: Logger; clock?: Clock }): JobQueue {
  let boss: PgBoss | undefined;

  return {
    async start(jobs) {
      const db =
        database.driver === 'embedded'
          ? { db: await sharedConnection(database.orm) }
          : { connectionString: database.orm.config.get('clientUrl'), max: QUEUE_POOL_SIZE, application_name: 'v2mom-jobs' };
      // On PostgreSQL a job sent wakes a worker at once (LISTEN/NOTIFY, a connection of its own), so
      // `runSoon` is seconds sooner than the next poll; the embedded database's one connection
      // cannot listen, and its workers poll.
      const listens = database.driver !== 'embedded';
      boss = new PgBoss({ ...db, schema: QUEUE_SCHEMA, useListenNotify: listens, ...(clock ? { clock } : {}) });
      boss.on('error', (error) => logger.error({ err: error }, 'Job queue error'));
      await boss.start();
      for (const job of jobs) {
        // A run a stopped server left is given to another after this long; a run takes seconds.
        const settings = { expireInSeconds: 600, retryLimit: 2, retryBackoff: true, notify: listens };
        await boss.createQueue(job.name, settings);
        // A queue made before a setting changed keeps its old ones unless told.
        await boss.updateQueue(job.name, settings);
        await boss.schedule(job.name, job.cron);
        await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
          await job.run(now());
        });
        // A pass at start: what fell due while no server ran is done now, not at the next minute.
        await boss.send(job.name, {});
      }
    },
    async runSoon(name) {
      await boss?.send(name, {});
    },
    async stop() {
      await boss?.stop({ graceful: true, timeout: 10_000 });
      boss = undefined;
    },
  };
}
