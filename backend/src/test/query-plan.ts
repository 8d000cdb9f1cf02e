import type { MikroORM } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { ReadDb } from '../modules/read-db.js';

/** What PostgreSQL may not use while a plan is read: each is priced out of reach. */
export type PlanTurnedOff = 'seqscan' | 'indexscan' | 'bitmapscan' | 'sort';

/**
 * PostgreSQL's plan for the statement `query` builds, its lines joined. On the test's few rows the
 * planner would read whole tables; `off` prices those ways out of reach, as a company's row counts do.
 */
export function planOf(orm: MikroORM, query: (db: Kysely<ReadDb>) => { explain(): Promise<Record<string, unknown>[]> }, off: readonly PlanTurnedOff[]): Promise<string> {
  return orm.em.fork().transactional(async (em) => {
    const db = (em as SqlEntityManager).getKysely<ReadDb>();
    for (const setting of off) await sql`select set_config(${`enable_${setting}`}, 'off', true)`.execute(db);
    const lines = await query(db).explain();
    return lines.map((line) => String(line['QUERY PLAN'])).join('\n');
  });
}
