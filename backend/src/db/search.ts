import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Search by words (docs/PRODUCT.md#paged-lists): a row matches when its text holds every word,
 * case-blind. The text is its columns lower-cased and joined by spaces, so a word (never a space
 * in it) is found exactly when one column holds it; a `like` on that text is what a trigram index
 * (pg_trgm, `trigramIndex`) answers from a few index pages instead of reading every row.
 */

/** Escapes `%`, `_` and `\` so user text matches literally inside a `like` (whose escape is `\`). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The columns as one lower-cased text, a missing one as nothing: the expression `trigramIndex` indexes. */
export function searchText(columns: readonly Expression<string | null>[]): RawBuilder<string> {
  return sql<string>`lower(${sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  )})`;
}

/** `text` (lower-cased) holds `word` (lower-cased). */
export function holdsWord(text: Expression<string>, word: string): RawBuilder<boolean> {
  return sql<boolean>`${text} like ${`%${likeLiteral(word)}%`}`;
}

/**
 * A trigram index on `searchText` of a table's columns, for an entity's index declarations and
 * the migration that creates it. The query must write the same expression for PostgreSQL to use
 * it; a test reads the plans to hold the two together.
 */
export function trigramIndex(table: string, columns: readonly string[]) {
  const name = `${table}_${columns.length === 1 ? columns[0] : 'text'}_search_index`;
  const text = `lower(${columns.map((column) => `coalesce("${column}", '')`).join(` || ' ' || `)})`;
  return { name, expression: `create index "${name}" on "${table}" using gin ((${text}) gin_trgm_ops)` };
}

/**
 * `column` is one of the ids the query `ids` selects, the ids read once before the rows (`= any(array(…))`),
 * so an index on `column` can answer it inside an `or`, where `in (select …)` is checked row by row.
 */
export function isAnyOf(column: Expression<number | null>, ids: Expression<{ id: number }>): RawBuilder<boolean> {
  return sql<boolean>`${column} = any(array(${ids}))`;
}
