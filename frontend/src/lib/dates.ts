/**
 * How the app writes days and times (docs/PRODUCT.md#dates-and-times): a day `31 Jan 2027`
 * (`31 Jan` where the year goes without saying, `Fri 31 Jan` with its weekday), a time `19:43` on
 * a 24-hour clock, both `31 Jan 2027, 19:43`. Month and day names are English whatever the
 * browser's language; only a date or time field's own display follows the browser. The platform's
 * Intl writes them, so no screen downloads a calendar library to show a date.
 */

/** A moment's words, for a screen to put together: `31 Jan 2027`, `31 Jan`, `Fri`, `19:43`. */
export interface DateWords {
  day: string;
  dayInYear: string;
  weekday: string;
  time: string;
}

/** One formatter a time zone (the browser's own under ''): making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en', { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `date` in words, on the browser's clock or in `timeZone` (an IANA name such as the company's). */
export function dateWords(date: Date, timeZone?: string): DateWords {
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(date)) field[type] = value;
  const dayInYear = `${field.day} ${field.month}`;
  return { day: `${dayInYear} ${field.year?.padStart(4, '0')}`, dayInYear, weekday: field.weekday ?? '', time: `${field.hour}:${field.minute}` };
}

/** An ISO calendar day, `2027-01-31`, and an optional time of day with an optional offset. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An API value as a Date: an instant (`toISOString()`, or another ISO date-time, on the browser's
 * clock without an offset), or a calendar day (`2027-01-31`) as the start of that day on the
 * browser's clock; null for anything else.
 */
export function parseApiDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  // Date would move 30 February on into March; no calendar has it.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  const date = match[4] ? new Date(value) : new Date(year, month - 1, day);
  return Number.isNaN(date.getTime()) ? null : date;
}

function writtenValue(value: string, wording: (words: DateWords) => string): string {
  const date = parseApiDate(value);
  return date ? wording(dateWords(date)) : value;
}

/** `31 Jan 2027` for a day or an instant; a value that is not an ISO date shows as it is. */
export function formatDate(value: string): string {
  return writtenValue(value, ({ day }) => day);
}

/** `31 Jan 2027, 19:43` for an instant, on the browser's clock; a value that is not one shows as it is. */
export function formatDateTime(value: string): string {
  return writtenValue(value, ({ day, time }) => `${day}, ${time}`);
}
