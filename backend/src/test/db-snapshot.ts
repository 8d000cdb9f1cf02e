import type { MikroORM } from '@mikro-orm/core';

/** Tables whose rows change without a business write (every request touches its session). */
const IGNORED_TABLES = new Set(['user_session', 'mikro_orm_migrations']);

export type DbSnapshot = Record<string, string>;

/**
 * A fingerprint of every business table in one statement: row count, the sum of `version`
 * (any update bumps it), the largest id and the latest `updated_at`. Two equal snapshots mean no
 * row was created, changed or deleted in between.
 */
export async function snapshotter(orm: MikroORM): Promise<() => Promise<DbSnapshot>> {
  const connection = orm.em.getConnection();
  const columns = await connection.execute<Array<{ table_name: string; column_name: string }>>(
    `select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const { table_name: table, column_name: column } of columns) {
    if (IGNORED_TABLES.has(table)) continue;
    (byTable.get(table) ?? byTable.set(table, new Set()).get(table))?.add(column);
  }
  const parts = [...byTable].sort(([a], [b]) => a.localeCompare(b)).map(([table, has]) => {
    const measures = [
      'count(*)',
      has.has('version') ? 'coalesce(sum(version), 0)' : `'-'`,
      has.has('id') ? 'coalesce(max(id), 0)' : `'-'`,
      has.has('updated_at') ? `coalesce(max(updated_at)::text, '-')` : `'-'`,
    ];
    return `select '${table}' as name, concat_ws('/', ${measures.join(', ')}) as fingerprint from "${table}"`;
  });
  const sql = parts.join(' union all ');
  return async () => {
    const rows = await orm.em.getConnection().execute<Array<{ name: string; fingerprint: string }>>(sql);
    return Object.fromEntries(rows.map((row: { name: string; fingerprint: string }) => [row.name, row.fingerprint]));
  };
}
