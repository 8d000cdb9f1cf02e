import { z } from 'zod';
import { YEAR_RANGE } from './fields.rules.js';
import { QUARTERS } from './quarter.js';
import { hasVisibleCharacter, storedText, withLineFeeds } from './text.js';
import { WORK_STATUSES } from './work-status.js';

/** Ids are PostgreSQL `integer` columns; anything larger can never match a row. */
export const INT4_MAX = 2_147_483_647;

export const ZIdSchema = z.number().int().positive().max(INT4_MAX);
export type TId = z.infer<typeof ZIdSchema>;

/**
 * A numeric id taken from a route param (`/api/v2moms/:id`, `/v2mom/:id`). Only plain digits
 * are accepted, so '1e3', '0x10' or ' 7' answer 400 instead of silently naming another row.
 */
export const ZIdParamSchema = z
  .string()
  .regex(/^[1-9]\d*$/, 'Expected a positive integer id')
  .transform(Number)
  .pipe(ZIdSchema);

/** `req.params` of routes whose only param is `:id`. */
export const ZIdParamsSchema = z.object({ id: ZIdParamSchema });
export type TIdParams = z.infer<typeof ZIdParamsSchema>;

/** Optimistic-concurrency counter: a write must send the version it was based on. */
export const ZVersionSchema = z.number().int().nonnegative().max(INT4_MAX);

/**
 * The version a PUT/PATCH was based on, optional so that clients which track no versions can
 * write (last write wins). Given, or sent as `If-Match`, and stale, the write merges
 * field by field (docs/PRODUCT.md#merge). Our own screens always send it.
 */
export const ZBaseVersionSchema = ZVersionSchema.optional();

/**
 * Query of DELETE calls: the version the client last saw, optional so that a client that does
 * not track versions can still delete. When given and stale, the delete answers 409 instead of
 * removing newer work (docs/PRODUCT.md#versions).
 */
export const ZDeleteQuerySchema = z.object({
  version: z
    .string()
    .regex(/^\d+$/, 'Expected a version number')
    .transform(Number)
    .pipe(ZVersionSchema)
    .optional(),
});
export type TDeleteQuery = z.infer<typeof ZDeleteQuerySchema>;

/** Timestamps travel as ISO 8601 strings (what `Date.prototype.toJSON` produces). */
export const ZIsoDateTimeSchema = z.iso.datetime({ offset: true });

/** Calendar dates without a time, e.g. a method's due date: 'YYYY-MM-DD', within YEAR_RANGE. */
export const ZIsoDateSchema = z.iso
  .date()
  .refine((date) => {
    const year = Number(date.slice(0, 4));
    return year >= YEAR_RANGE.min && year <= YEAR_RANGE.max;
  }, `Enter a date between ${YEAR_RANGE.min} and ${YEAR_RANGE.max}`);

/** Position of a child in its V2MOM, starting at 0. */
export const ZOrderSchema = z.number().int().nonnegative().max(10_000);

/** Progress is stored as a whole percentage (PostgreSQL `integer`): 50.5 is refused, never rounded. */
export const ZPercentSchema = z.number().int('Progress must be a whole number').min(0).max(100);

/**
 * Who someone is, as much as a screen or a 409 needs to name them. `active` is false once an
 * administrator deactivated them: screens then show 'Name (inactive)' (`displayName`, docs/PRODUCT.md#people-api).
 */
export const ZUserRefSchema = z.object({ id: ZIdSchema, name: z.string(), active: z.boolean() });
export type TUserRef = z.infer<typeof ZUserRefSchema>;

/** The last writer; `null` for rows nobody has edited since they were seeded. */
export const ZUpdatedBySchema = ZUserRefSchema.nullable();
export type TUpdatedBy = z.infer<typeof ZUpdatedBySchema>;

/** Body of deletes and other calls that only report what happened. */
export const ZMessageResponseSchema = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponseSchema>;

/** Upper bounds for free text, generous enough for real use, small enough to refuse abuse. */
export const TEXT_LIMITS = {
  title: 200,
  name: 200,
  shortText: 500,
  description: 2_000,
  longText: 10_000,
} as const;

/** PostgreSQL text cannot hold U+0000; refusing it here makes it a 400 instead of a database error. */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point.
const WITHOUT_NUL = /^[^\u0000]*$/;
const NUL_MESSAGE = 'Text cannot contain NUL characters';

/**
 * A lone UTF-16 surrogate (half of an emoji, say) is no character at all: stored text would turn
 * it into U+FFFD and the change log's JSON refuses it outright, so it is a 400 (docs/PRODUCT.md#validation).
 */
const WITHOUT_LONE_SURROGATES = /^\P{Cs}*$/u;
export const LONE_SURROGATE_MESSAGE = 'Text cannot contain unpaired surrogate characters';

/**
 * Control characters but tab and line breaks (U+0000 has its own message above), and Unicode's
 * noncharacters (U+FFFE, U+FFFF…): no keyboard types them, and XML cannot hold the C0 ones or
 * U+FFFE/U+FFFF, so one stored in a method's text would break the slide of every deck that shows
 * it (docs/PRODUCT.md#validation).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Noncharacter_Code_Point}]*$/u;
export const CONTROL_CHARACTER_MESSAGE = 'Text cannot contain control characters';

/** Names, titles and labels are one line: a line break in one would start a line of its own in an email or a list. */
const ONE_LINE = /^[^\n\r\u2028\u2029]*$/;
export const ONE_LINE_MESSAGE = 'Write this on one line, without line breaks';

/**
 * At most this many combining marks in a row on one character. Writing stays well below: Vietnamese
 * puts two on a vowel (ệ), Thai two, Devanagari three (nukta, vowel sign, candrabindu), pointed and
 * cantillated Biblical Hebrew, Myanmar's medials and Tibetan's Sanskrit stacks about six. A longer
 * run only draws a column over the lines around it. Joiners (ZWJ, ZWNJ) between marks do not end a run.
 */
export const MAX_COMBINING_MARKS = 8;
const STACKED_MARKS = new RegExp(`(?:\\p{M}[\\u200C\\u200D]*){${MAX_COMBINING_MARKS + 1}}`, 'u');
export const STACKED_MARKS_MESSAGE = `At most ${MAX_COMBINING_MARKS} accents or other combining marks on one character`;

/** Whether a text may hold line breaks: descriptions, notes and comments may; names, titles and labels are one line. */
type TTextLines = 'lines' | 'oneLine';

/**
 * The rules every text the server takes in follows, added to `text`: whole characters, no control
 * characters, no tall stacks of marks; multi-line text keeps its line breaks as LF (a pasted CR LF is
 * not refused), one-line text has none.
 */
function acceptedText(text: z.ZodString, lines: TTextLines) {
  return (lines === 'lines' ? text.overwrite(withLineFeeds) : text.regex(ONE_LINE, ONE_LINE_MESSAGE))
    .regex(WITHOUT_LONE_SURROGATES, LONE_SURROGATE_MESSAGE)
    .regex(WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTER_MESSAGE)
    .refine((value) => !STACKED_MARKS.test(value), STACKED_MARKS_MESSAGE);
}

/** Any text the server takes in, however it is then bounded; it may hold line breaks. */
export function wellFormedText() {
  return acceptedText(z.string(), 'lines');
}

/** Any one-line text the server takes in (a name, a title, a label), however it is then bounded. */
export function wellFormedLine() {
  return acceptedText(z.string(), 'oneLine');
}

/** Free text up to `max` characters that the database can store. */
export function storableText(max: number) {
  return wellFormedText().max(max, `At most ${max} characters`).regex(WITHOUT_NUL, NUL_MESSAGE);
}

/** One line of free text up to `max` characters that the database can store. */
export function storableLine(max: number) {
  return wellFormedLine().max(max, `At most ${max} characters`).regex(WITHOUT_NUL, NUL_MESSAGE);
}

function required(lines: TTextLines, max: number, message: string) {
  return acceptedText(z.string({ error: message }).trim(), lines)
    .refine(hasVisibleCharacter, message)
    .max(max, `At most ${max} characters`)
    .regex(WITHOUT_NUL, NUL_MESSAGE);
}

/**
 * Text that must show something; `message` is shown for a missing value, a blank one, or one of
 * only invisible characters (a zero-width space, say).
 */
export function requiredText(max: number, message: string) {
  return required('lines', max, message);
}

/** A required name, title or label: one line that must show something, `message` otherwise. */
export function requiredLine(max: number, message: string) {
  return required('oneLine', max, message);
}

/**
 * Text that may be absent or cleared with `null`; stored as `storedText` has it, so a blank text
 * is `null` whoever sends it.
 */
export function optionalText(max: number) {
  return storableText(max).transform(storedText).nullable().optional();
}

/** An id chosen in a form; `message` is shown when none was chosen. */
export function requiredId(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
}

/** Methods' and tasks' status (docs/PRODUCT.md#statuses). */
export const ZWorkStatusSchema = z.enum(WORK_STATUSES);

export const ZQuarterSchema = z.enum(QUARTERS).describe("Fiscal quarter, lower case: 'q1' to 'q4'");
