import { DateTime } from 'luxon';
import { fiscalQuarterAt } from '../quarter-reviews/quarter-review.window.js';

/**
 * The days a screen can be shown as of (docs/PRODUCT.md#as-of): from the first day of the current
 * fiscal year (1 August) to today, on the company's clock (the rhythm's time zone). Both ends call
 * it: the scrubber's range, and the server's check of the day asked for.
 */
export function asOfDays(now: Date, timeZone: string): { first: string; last: string } {
  const { year } = fiscalQuarterAt(now, timeZone);
  const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? '';
  return { first: `${year}-08-01`, last: today };
}

/** The end of a company day ('YYYY-MM-DD'): the first instant of the next one. */
export function endOfCompanyDay(day: string, timeZone: string): Date {
  return DateTime.fromISO(day, { zone: timeZone }).plus({ days: 1 }).toJSDate();
}

/** A day `weeks` weeks after (before, when negative) `day`, kept within `days`. */
export function stepDay(day: string, weeks: number, days: { first: string; last: string }): string {
  const moved = DateTime.fromISO(day, { zone: 'utc' }).plus({ weeks }).toISODate() ?? day;
  if (moved < days.first) return days.first;
  return moved > days.last ? days.last : moved;
}
