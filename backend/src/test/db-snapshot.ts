import type { MikroORM } from '@mikro-orm/core';

/** The migrations' own bookkeeping is not data a request may change. */
const IGNORED_TABLES = new Set(['mikro_orm_migrations']);
/** Columns a read writes on purpose: a session's last-seen time (modules/auth/sessions.service.ts). */
const IGNORED_COLUMNS = ['last_seen_at'];

export type DbSnapshot = Record<string, string>;

/**
 * A fingerprint of every table, sessions and link tables included, in one statement: the row
 * count and an md5 of all its rows, each as JSON without the ignored columns, in a fixed order.
 * Two equal snapshots mean no row was created, changed or deleted in between.
 */
export async function snapshotter(orm: MikroORM): Promise<() => Promise<DbSnapshot>> {
  const tables = await orm.em
    .getConnection()
    .execute<Array<{ table_name: string }>>(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`);
  const dropped = IGNORED_COLUMNS.map((column) => ` - '${column}'`).join('');
  const names: string[] = tables.map((row: { table_name: string }) => row.table_name);
  const parts = names
    .filter((table) => !IGNORED_TABLES.has(table))
    .sort()
    .map(
      (table) =>
        `select '${table}' as name, count(*) || '/' || coalesce(md5(string_agg((to_jsonb(t)${dropped})::text, ',' order by (to_jsonb(t)${dropped})::text)), '-') as fingerprint from "${table}" t`,
    );
  const sql = parts.join(' union all ');
  return async () => {
    const rows = await orm.em.getConnection().execute<Array<{ name: string; fingerprint: string }>>(sql);
    return Object.fromEntries(rows.map((row: { name: string; fingerprint: string }) => [row.name, row.fingerprint]));
  };
}
