import { sql, type Expression, type RawBuilder } from 'kysely';
import type { TUpdatedBy } from '@v2mom/contracts';

/**
 * Helpers for turning the plain rows of modules/read-db.ts queries into read shapes.
 */

/**
 * A timestamptz column as the text `Date.toISOString()` gives (UTC, milliseconds), formatted by
 * PostgreSQL: the driver hands timestamps over as its own text, and parsing thousands of them
 * into Dates only to print them again costs more than the query.
 */
export function isoTimestamp(column: Expression<Date>): RawBuilder<string>;
export function isoTimestamp(column: Expression<Date | null>): RawBuilder<string | null>;
export function isoTimestamp(column: Expression<Date | null>): RawBuilder<string | null> {
  // eslint-disable-next-line local/no-raw-sql -- AT TIME ZONE has no typed form in Kysely
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

type Joined<Columns> = { [Key in keyof Columns]: NonNullable<Columns[Key]> };

/**
 * The columns of one left-joined row as an object, or null when the join found no row. Pass only
 * columns the joined table never leaves null: then all are null, or none is.
 */
export function joined<Columns extends Record<string, unknown>>(columns: Columns): Joined<Columns> | null {
  for (const key in columns) if (columns[key] === null) return null;
  return columns as Joined<Columns>;
}

/** The audit columns every read selects, with the changer left-joined as `updated_by_…`. */
interface AuditColumns {
  version: number;
  updated_at: string;
  updated_by_id: number | null;
  updated_by_name: string | null;
  updated_by_active: boolean | null;
}

/** The audit fields of every read shape. */
export function auditFields(row: AuditColumns): { version: number; updatedAt: string; updatedBy: TUpdatedBy } {
  return { version: row.version, updatedAt: row.updated_at, updatedBy: joined({ id: row.updated_by_id, name: row.updated_by_name, active: row.updated_by_active }) };
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

/** A field's column as the database spells it: 'q1Measure' -> 'q1_measure'. */
type ColumnOf<Field extends string> = Field extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ColumnOf<Tail>}`
  : Field;

const columnOf = <Field extends string>(field: Field) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as ColumnOf<Field>;

/**
 * Fields a read shape takes from its row's columns as they are, each named once: `select` lists
 * their columns under `alias` for a Kysely select, `fieldsOf` gives a row's values by field.
 */
export function plainColumns<const Field extends string, Alias extends string>(alias: Alias, fields: readonly Field[]) {
  const pairs = fields.map((field) => ({ field, column: columnOf(field) }));
  return {
    select: pairs.map(({ column }) => `${alias}.${column}` as `${Alias}.${ColumnOf<Field>}`),
    fieldsOf<Row extends Record<ColumnOf<Field>, unknown>>(row: Row): { [F in Field]: Row[ColumnOf<F>] } {
      const fields: Record<string, unknown> = {};
      for (const { field, column } of pairs) fields[field] = row[column];
      return fields as { [F in Field]: Row[ColumnOf<F>] };
    },
  };
}
