import { z } from 'zod';
import { ZIdSchema } from './fields.schemas.js';
import { CURSOR_MESSAGE, decodeCursor, encodeCursor, pageLimitParam } from './cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './page-size.js';
import { SORT_DIRECTIONS, type TKeyCursor, type TSortDirection, type TSortKey } from './list-order.js';

/**
 * Lists that the server filters, sorts and pages (docs/PRODUCT.md#paged-lists): a client asks for
 * one page of rows at a time and goes on with the page's `nextCursor`. The cursor carries the last
 * row's sort key and id, so the next page starts right after it however the list changed since.
 * The order is defined once, as `compareKeys` in list-order.ts, for the server's SQL and the client
 * that puts a live row into the pages it holds to agree on.
 */

/** The `nextCursor` of a page that ended at `cursor`. */
export function keyCursor(cursor: TKeyCursor): string {
  return encodeCursor([cursor.key, cursor.id]);
}

const ZKeyCursorSchema = z.tuple([z.union([z.string().max(2_000), z.number(), z.null()]), ZIdSchema]);


/** A `cursor` query parameter: a page's `nextCursor`, read back into the key and id it ended at. */
export const ZKeyCursorParamSchema = z
  .string()
  .max(3_000, CURSOR_MESSAGE)
  .transform((text, context): TKeyCursor => {
    const parsed = decodeCursor(text, ZKeyCursorSchema);
    if (parsed) return { key: parsed[0], id: parsed[1] };
    context.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return z.NEVER;
  });

/** A yes/no filter of a list's query: `true` or `false`. */
export const ZFlagParamSchema = z.enum(['true', 'false']).transform((flag) => flag === 'true');

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

/** The words a search holds: every one must be in a row's text for the row to match. */
export const ZSearchParamSchema = z.string().max(200, 'A search is at most 200 characters').optional();

/** What a list's sort key is where it is not text: a number, or a time as the database writes it. */
export type TSortKeyKind = 'number' | 'time';

/** A time as PostgreSQL and JavaScript write one: date, time, then an optional offset. */
const TIME_KEY = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Whether a cursor's key is of the kind its order's keys are (text unless said). */
function keyOfKind(key: TSortKey, kind: TSortKeyKind | undefined): boolean {
  if (key === null) return true;
  if (kind === 'number') return typeof key === 'number';
  return typeof key === 'string' && (kind !== 'time' || TIME_KEY.test(key));
}

/** A `cursor` of a list read in one fixed order whose keys are of `kind`: a cursor of another order is a 400. */
export function keyCursorParamOf(kind: TSortKeyKind) {
  return ZKeyCursorParamSchema.refine((cursor) => keyOfKind(cursor.key, kind), CURSOR_MESSAGE);
}

export interface PagedListOptions<S extends string> {
  /** `asc` unless the list says otherwise. */
  defaultDir?: TSortDirection;
  /** The sorts whose keys are not text: a cursor with a key of another kind is refused, not sent to the database. */
  keyKinds?: Partial<Record<S, TSortKeyKind>>;
  /** The list's own cursor, where it names more than the last row's key and id. */
  cursor?: z.ZodType<{ key: TSortKey }, string>;
}

/**
 * The query of a paged list: `q` (words, all of which a row's text must hold), `sort` (one of the
 * list's columns), `dir`, `cursor` and `limit`; `filters` are the list's own. A cursor must carry
 * a key of the kind the sort asked for keys by (`keyKinds`): a cursor of another order is a 400.
 */
export function pagedListQuerySchema<S extends readonly [string, ...string[]], F extends z.ZodRawShape, C extends { key: TSortKey } = TKeyCursor>(
  sorts: S,
  defaultSort: S[number],
  filters: F,
  { defaultDir = 'asc', keyKinds = {}, cursor = ZKeyCursorParamSchema as unknown as z.ZodType<C, string> }: PagedListOptions<S[number]> & { cursor?: z.ZodType<C, string> } = {},
) {
  return z
    .object({
      q: ZSearchParamSchema,
      sort: z.enum(sorts).default(defaultSort as never),
      dir: z.enum(SORT_DIRECTIONS).default(defaultDir),
      cursor: cursor.optional(),
      limit: pageLimitParam(MAX_PAGE_SIZE, `A page is at most ${MAX_PAGE_SIZE} rows`).default(DEFAULT_PAGE_SIZE),
      ...filters,
    })
    .superRefine((query, context) => {
      // The filters' generic shape hides the query's own fields from TypeScript: they are these.
      const { cursor: given, sort } = query as unknown as { cursor?: C; sort: S[number] };
      if (given && !keyOfKind(given.key, (keyKinds as Partial<Record<string, TSortKeyKind>>)[sort])) context.addIssue({ code: 'custom', path: ['cursor'], message: CURSOR_MESSAGE });
    });
}

/** A page of `row`s, in the list's order; `nextCursor` null on the last page. */
export function pageSchema<R extends z.ZodType>(row: R) {
  return z.object({ rows: z.array(row), nextCursor: z.string().nullable() });
}

export interface TPage<R> {
  rows: R[];
  nextCursor: string | null;
}

