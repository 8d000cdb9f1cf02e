import { keyCursor, type TKeyCursor, type TPage, type TSortDirection, type TSortKey } from '@v2mom/contracts';
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * Keyset paging for the lists the server filters, sorts and pages (contracts' common/page.ts):
 * a page goes on after the last row's sort key and id, so it costs the same deep in a list as at
 * its top, and rows written meanwhile neither repeat nor go missing. The order is contracts'
 * `compareKeys`: key in the direction asked, rows with none last either way, then id.
 *
 * A page is read in at most two parts, each a plain range of an index on (key, id) where the list
 * has one: the rows with a key, after the cursor; then, while the page has room, those without.
 * One statement for both needs an `or` that PostgreSQL reads by scanning from the list's top (half
 * a second deep into 100,000 methods, against a millisecond).
 */

/** A text column as a sort key (`textSortKey`), with the column it is made of. */
export interface TextSortKey extends RawBuilder<string | null> {
  readonly column: Expression<string | null>;
}

/** A text column as a sort key: lower-cased, compared by code point, empty text as none. */
export function textSortKey(column: Expression<string | null>): TextSortKey {
  return Object.assign(sql<string | null>`nullif(lower(${column}), '') collate "C"`, { column });
}

/** `key` is a text column's own sort key (not one made of a subquery's answer). */
const isColumnSortKey = (key: Expression<TSortKey>): key is Expression<TSortKey> & TextSortKey =>
  'column' in key && (key as TextSortKey).column.toOperationNode().kind === 'ReferenceNode';

/** One part of a page: rows with a key (after `after` when given), or rows without one (after the id). */
export type KeysetPart = { keyed: true; after: { key: string | number; id: number } | undefined; limit: number } | { keyed: false; afterId: number | undefined; limit: number };

export interface KeysetOrder {
  key: Expression<TSortKey>;
  id: Expression<number>;
  dir: TSortDirection;
}

/** `query` narrowed to one part of a page in `order`, each row's key selected as `sort_key`. */
export function inKeysetPart<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, { key, id, dir }: KeysetOrder, part: KeysetPart) {
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  const beyond = dir === 'asc' ? sql`>` : sql`<`;
  const selected = query.select(sql<TSortKey>`${key}`.as('sort_key')).limit(part.limit);
  if (!part.keyed) {
    const unkeyed = selected.where(sql<boolean>`${key} is null`).orderBy(sql`${id} ${direction}`);
    return part.afterId === undefined ? unkeyed : unkeyed.where(sql<boolean>`${id} ${beyond} ${part.afterId}`);
  }
  // A key from a left-joined row (an owner's name) is null where the row is missing, but PostgreSQL
  // cannot tell that from `nullif`: the column's own null test lets it join from that table's index.
  const present = isColumnSortKey(key) ? sql<boolean>`${key.column} is not null and ${key} is not null` : sql<boolean>`${key} is not null`;
  const keyed = selected.where(present).orderBy(sql`${key} ${direction}`).orderBy(sql`${id} ${direction}`);
  if (part.after === undefined) return keyed;
  // The key's own bound, implied by the row comparison: with it a key from another table (a V2MOM's
  // title) starts that table's index at the cursor, where the comparison, which names the list's
  // id too, could only filter rows read from the top.
  const from = dir === 'asc' ? sql`>=` : sql`<=`;
  return keyed.where(sql<boolean>`${key} ${from} ${part.after.key}`).where(sql<boolean>`(${key}, ${id}) ${beyond} (${part.after.key}, ${part.after.id})`);
}

/**
 * The page of `limit` rows after `after`, read by `select` one part at a time (`inKeysetPart`);
 * `nextCursor` names its last row when more follow.
 */
export async function keysetPage<Row extends { id: number; sort_key: TSortKey }>(
  { limit, after }: { limit: number; after: TKeyCursor | undefined },
  select: (part: KeysetPart) => Promise<Row[]>,
): Promise<TPage<Row>> {
  // One row beyond the page tells whether another follows.
  const wanted = limit + 1;
  let rows: Row[];
  if (after && after.key === null) {
    rows = await select({ keyed: false, afterId: after.id, limit: wanted });
  } else {
    rows = await select({ keyed: true, after: after && { key: after.key as string | number, id: after.id }, limit: wanted });
    if (rows.length < wanted) rows = rows.concat(await select({ keyed: false, afterId: undefined, limit: wanted - rows.length }));
  }
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? keyCursor({ key: last.sort_key, id: last.id }) : null };
}

/**
 * An entity's index on a text column as `textSortKey` keys it, then id: a list's order read as an
 * index range. The migration that creates it writes the same statement.
 */
export function textSortIndex(table: string, column: string) {
  const name = `${table}_${column}_sort_index`;
  return { name, expression: `create index "${name}" on "${table}" ((nullif(lower("${column}"), '') collate "C"), "id")` };
}
