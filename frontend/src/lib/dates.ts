import { DateTime } from './luxon';

/**
 * How the app writes days and times (docs/PRODUCT.md#dates-and-times), in luxon's tokens: a day
 * `31 Jan 2027` (`31 Jan` where the year goes without saying, `Fri 31 Jan` with its weekday), a
 * time `19:43` on a 24-hour clock, both `31 Jan 2027, 19:43`. Month and day names are English
 * whatever the browser's language; only a date or time field's own display follows the browser.
 */
export const DAY = 'd LLL yyyy';
export const DAY_IN_YEAR = 'd LLL';
export const WEEKDAY = 'ccc';
export const TIME = 'HH:mm';

/** `date` written with `format`, built from the tokens above. */
export function formatWhen(date: DateTime, format: string): string {
  return date.setLocale('en').toFormat(format);
}

/**
 * An API value as luxon reads it: its `toISOString()` instants go through the platform's parser,
 * far faster than luxon's for every ISO form; a calendar day (`2027-01-31`) is that day.
 */
export function parseApiDate(value: string): DateTime {
  const ms = value.endsWith('Z') ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? DateTime.fromISO(value) : DateTime.fromMillis(ms);
}

function written(value: string, format: string): string {
  const date = parseApiDate(value);
  return date.isValid ? formatWhen(date, format) : value;
}

/** `31 Jan 2027` for a day or an instant; a value that is not an ISO date shows as it is. */
export function formatDate(value: string): string {
  return written(value, DAY);
}

/** `31 Jan 2027, 19:43` for an instant, on the browser's clock; a value that is not one shows as it is. */
export function formatDateTime(value: string): string {
  return written(value, `${DAY}, ${TIME}`);
}
