import { fiscalQuarterOf, fiscalYearOf, type TQuarter } from './quarter.js';

/**
 * The company's calendar day at a moment (docs/PRODUCT.md#rhythm): the day a clock in the
 * company's time zone (the rhythm's, an IANA name) shows then. The platform's Intl reads it, so a
 * screen that only needs the day downloads no calendar library.
 */

/** A fiscal quarter of a fiscal year (the calendar year in which it started, in August). */
export interface TFiscalQuarter {
  year: number;
  quarter: TQuarter;
}

/** Whether `name` is a time zone this platform knows. */
export function isKnownTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** One formatter a time zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The day `at` falls on in `timeZone`: its year, month (1 to 12) and day of the month. */
export function companyDate(at: Date, timeZone: string): { year: number; month: number; day: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) formatters.set(timeZone, (formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })));
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of formatter.formatToParts(at)) field[type] = Number(value);
  return { year: field.year ?? Number.NaN, month: field.month ?? Number.NaN, day: field.day ?? Number.NaN };
}

/** The day `time` falls on, on the company's clock: `YYYY-MM-DD`. */
export function companyDay(rhythm: { timeZone: string }, time: Date | string): string {
  const { year, month, day } = companyDate(new Date(time), rhythm.timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The quarter `at` falls in on the company's clock. */
export function fiscalQuarterAt(at: Date, timeZone: string): TFiscalQuarter {
  const { year, month, day } = companyDate(at, timeZone);
  // The quarter rules read a date's calendar month; a date made of the company's day carries it.
  const wallClock = new Date(year, month - 1, day);
  return { year: fiscalYearOf(wallClock), quarter: fiscalQuarterOf(wallClock) };
}
