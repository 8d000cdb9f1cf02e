import type { EntityManager } from '@mikro-orm/core';

/**
 * Plain rows of one hand-written SELECT, inside the caller's transaction if it has one (a write
 * reading back what it stored). Read sides build their answers from these instead of hydrated
 * entities: hydrating thousands of entities with their relations costs far more than the SQL.
 */
export async function selectRows<Row>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  return (await em.getConnection().execute(sql, [...params], 'all', em.getTransactionContext())) as Row[];
}

/** A timestamptz column as the text `Date.toISOString()` gives: UTC, milliseconds, like the entities. */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** For each filter key, the condition it adds, with one `?` for its value. */
export type FilterConditions<Filter> = { readonly [Key in keyof Filter]-?: string };

/** `where … and …` for the keys a filter sets (an empty filter selects every row), with its parameters. */
export function whereClause<Filter extends object>(
  conditions: FilterConditions<Filter>,
  filter: Filter,
): { where: string; params: unknown[] } {
  const set = (Object.keys(conditions) as Array<keyof Filter>).filter((key) => filter[key] !== undefined);
  return {
    where: set.length === 0 ? '' : `where ${set.map((key) => conditions[key]).join(' and ')}`,
    params: set.map((key) => filter[key]),
  };
}

/** Groups rows by a key, keeping their order within each group. */
export function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
