import { z } from 'zod';
import { ZIdSchema } from './fields.schemas.js';

/**
 * Opaque page cursors: the ids a list needs to go on after a page (whose list it is, and the last
 * row it showed), written as base64url JSON so clients treat them as tokens. A cursor that does
 * not decode to as many ids is a 400 (`CURSOR_MESSAGE`), and so is one the list itself does not
 * know (checked by the service: another list's, or a row gone since).
 */

/** `value` as cursor text: JSON, percent-encoded so that any character survives base64, in base64url. */
export function encodeCursor(value: unknown): string {
  return btoa(encodeURIComponent(JSON.stringify(value))).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** What `encodeCursor` was given, if `text` is its answer and `schema` takes it; undefined otherwise. */
export function decodeCursor<T>(text: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(decodeURIComponent(atob(text.replaceAll('-', '+').replaceAll('_', '/')))));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The `nextCursor` text of a page that ended at `ids`. */
export function pageCursor(ids: readonly number[]): string {
  return encodeCursor(ids);
}

const parseIds = (text: string, count: number) => decodeCursor(text, z.array(ZIdSchema).length(count));

export const CURSOR_MESSAGE = 'Not a cursor this list gave: send the nextCursor of the previous page, or none for the first';

/** A `cursor` query parameter of `count` ids, turned into what `read` makes of them. */
export function cursorParam<T>(count: number, read: (ids: number[]) => T) {
  return z
    .string()
    .max(200, CURSOR_MESSAGE)
    .transform((text, context) => {
      const ids = parseIds(text, count);
      if (!ids) context.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return ids ? read(ids) : z.NEVER;
    });
}

/** A `limit` query parameter: a positive whole number up to `max`, with the list's words for too many. */
export function pageLimitParam(max: number, tooMany: string) {
  return z.string().regex(/^[1-9]\d*$/, 'Expected a positive number').transform(Number).pipe(z.number().max(max, tooMany));
}
