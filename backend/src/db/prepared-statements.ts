import type { Transaction } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import pg from 'pg';

/**
 * Statements PostgreSQL plans once per connection instead of on every call.
 *
 * MikroORM sends every statement with its arguments written into the text, so PostgreSQL parses
 * and plans each one afresh. For the few statements that every request or every write runs, whose
 * text never changes (`selectOnce` in read-builder.ts), planning cost more than running them: the
 * method a write locks and reads back took 0.8 ms to plan and 0.25 ms to run on the company-sized
 * organisation (docs/PERFORMANCE.md, "The company-sized benchmark"). Such a text is registered here
 * under a name; `sendPrepared` sends it with its arguments apart, and `PreparingClient` asks `pg`
 * for a named statement whenever it is given a registered text, which `pg` parses once per
 * connection and PostgreSQL then runs from its plan cache. Rows read by a list of their keys (a
 * page's rows once its ids are chosen, a write's answer) are one text too: the ids go as one array
 * (`= any($1)`), and reading each by its key is the best plan whatever they are. Texts whose
 * arguments change their best plan (lists with filters and cursors) are not registered and are
 * planned each time.
 */
const names = new Map<string, string>();

/** Registers `sql` (with `$1`… placeholders) to be prepared on each connection that runs it. */
export function registerPrepared(sql: string): void {
  if (!names.has(sql)) names.set(sql, `v2mom_${names.size + 1}`);
}

/**
 * `pg`'s client, sending a registered text as a named statement. Kysely, under MikroORM, sends a
 * statement as `query(text, values)`; `pg` keeps which names it has prepared on each connection and
 * parses a name only on the first use there.
 */
export class PreparingClient extends pg.Client {
  // `pg`'s overloads cannot be restated one by one: this passes every call through unchanged but one.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) && args.length === 2 ? names.get(text) : undefined;
    const query = super.query as (...passed: unknown[]) => never;
    return name === undefined ? query.apply(this, args) : query.call(this, { name, text, values });
  }
}

/**
 * Runs a registered `sql` with its `parameters` apart, inside `em`'s transaction when it has one,
 * else on the `connectionType` connection (the replica when the request reads there), like
 * MikroORM's `execute`: through the `onQuery` hook and into the query log, answering the rows.
 */
export async function sendPrepared<Row>(em: SqlEntityManager, sql: string, parameters: unknown[], connectionType: 'read' | 'write'): Promise<Row[]> {
  const transaction = em.getTransactionContext<Transaction>();
  const connection = em.getConnection(transaction ? 'write' : connectionType);
  await connection.ensureConnection();
  const text = em.config.get('onQuery')(sql, parameters);
  const started = Date.now();
  const client = (transaction as ReturnType<typeof connection.getClient> | undefined) ?? connection.getClient();
  const { rows } = await client.executeQuery<Row>(CompiledQuery.raw(text, parameters));
  em.config.getLogger().logQuery({ query: text, params: parameters, took: Date.now() - started, results: rows.length, level: 'info' });
  return rows;
}
