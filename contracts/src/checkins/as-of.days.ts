import { DateTime } from 'luxon';
import { companyDay, fiscalQuarterAt } from '../common/company-clock.js';

/**
 * The days a screen can be shown as of (docs/PRODUCT.md#as-of): from the first day of the current
 * fiscal year (1 August) to today, on the company's clock (the rhythm's time zone). Both ends call
 * it: the scrubber's range, and the server's check of the day asked for.
 */
export function asOfDays(now: Date, timeZone: string): { first: string; last: string } {
  const { year } = fiscalQuarterAt(now, timeZone);
  return { first: `${year}-08-01`, last: companyDay({ timeZone }, now) };
}

/** The end of a company day ('YYYY-MM-DD'): the first instant of the next one. */
export function endOfCompanyDay(day: string, timeZone: string): Date {
  return DateTime.fromISO(day, { zone: timeZone }).plus({ days: 1 }).toJSDate();
}

const WEEK_MS = 7 * 86_400_000;

/** A day `weeks` weeks after (before, when negative) `day`, kept within `days`. */
export function stepDay(day: string, weeks: number, days: { first: string; last: string }): string {
  // Days without a clock: a week is seven of them, whatever daylight saving time does.
  const start = Date.parse(day);
  const moved = Number.isNaN(start) ? day : new Date(start + weeks * WEEK_MS).toISOString().slice(0, 10);
  if (moved < days.first) return days.first;
  return moved > days.last ? days.last : moved;
}
