import { z } from 'zod';
import { ZIdSchema } from './fields.schemas.js';
import { CURSOR_MESSAGE, decodeCursor, encodeCursor, pageLimitParam } from './cursor.js';
import { SORT_DIRECTIONS, type TKeyCursor, type TSortDirection } from './list-order.js';

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

/** Rows a page holds when the client does not say. */
export const DEFAULT_PAGE_SIZE = 50;
/** The most rows a client may ask for in one page. */
export const MAX_PAGE_SIZE = 200;

/** The words a search holds: every one must be in a row's text for the row to match. */
export const ZSearchParamSchema = z.string().max(200, 'A search is at most 200 characters').optional();

/**
 * The query of a paged list: `q` (words, all of which a row's text must hold), `sort` (one of the
 * list's columns), `dir` (`defaultDir` unless asked), `cursor` and `limit`; `filters` are the list's own.
 */
export function pagedListQuerySchema<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  defaultSort: S[number],
  filters: F,
  defaultDir: TSortDirection = 'asc',
) {
  return z.object({
    q: ZSearchParamSchema,
    sort: z.enum(sorts).default(defaultSort as never),
    dir: z.enum(SORT_DIRECTIONS).default(defaultDir),
    cursor: ZKeyCursorParamSchema.optional(),
    limit: pageLimitParam(MAX_PAGE_SIZE, `A page is at most ${MAX_PAGE_SIZE} rows`).default(DEFAULT_PAGE_SIZE),
    ...filters,
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

