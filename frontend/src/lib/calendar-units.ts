/**
 * Whole years, months and days between two moments on the browser's clock, as a calendar counts
 * them: a month from 31 January is the last day of February, and a day across a change of
 * daylight saving time is 23 or 25 hours. The platform's Date does the wall-clock arithmetic.
 */

export type CalendarUnit = 'years' | 'months' | 'days';

const daysInMonth = (year: number, month: number) => new Date(year, month + 1, 0).getDate();

/** `date` `count` units later, at the same wall-clock time, its day kept within a shorter month. */
export function plusCalendar(date: Date, unit: CalendarUnit, count: number): Date {
  const year = date.getFullYear() + (unit === 'years' ? count : 0);
  const month = date.getMonth() + (unit === 'months' ? count : 0);
  const day = Math.min(date.getDate(), daysInMonth(year, month)) + (unit === 'days' ? count : 0);
  return new Date(year, month, day, date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds());
}

/** The difference of `unit`'s fields from `earlier` to `later`: never fewer whole units than fit between them. */
function upperBound(earlier: Date, later: Date, unit: CalendarUnit): number {
  const years = later.getFullYear() - earlier.getFullYear();
  if (unit === 'years') return years;
  if (unit === 'months') return years * 12 + later.getMonth() - earlier.getMonth();
  const dayOf = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((dayOf(later) - dayOf(earlier)) / 86_400_000);
}

/** How many whole `unit`s fit from `earlier` to `later` (0 when `later` is not after it). */
export function wholeCalendarUnits(earlier: Date, later: Date, unit: CalendarUnit): number {
  let count = upperBound(earlier, later, unit);
  while (count > 0 && plusCalendar(earlier, unit, count) > later) count--;
  return Math.max(0, count);
}
