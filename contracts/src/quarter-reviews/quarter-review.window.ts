import { DateTime } from 'luxon';
import { fiscalQuarterOf, fiscalYearOf, QUARTERS, quarterLabel, type TQuarter } from '../common/quarter.js';

/**
 * When a fiscal quarter may be reviewed (docs/PRODUCT.md#quarter-review): from two weeks before
 * its end until four weeks after it, on the company's clock (the rhythm's time zone). Both ends
 * call these; the server alone decides which quarter is open now and tells the screens.
 */

/** A fiscal quarter of a fiscal year (the calendar year in which it started, in August). */
export interface TFiscalQuarter {
  year: number;
  quarter: TQuarter;
}

const OPENS_BEFORE_END = { weeks: 2 } as const;
const CLOSES_AFTER_END = { weeks: 4 } as const;
/** The fiscal year's first month, August, as luxon counts months (1 to 12). */
const FISCAL_YEAR_START_MONTH = 8;

/** The first instant after the quarter's last day, on the company's clock: its end. */
export function quarterEnd({ year, quarter }: TFiscalQuarter, timeZone: string): Date {
  const months = (QUARTERS.indexOf(quarter) + 1) * 3;
  return DateTime.fromObject({ year, month: FISCAL_YEAR_START_MONTH, day: 1 }, { zone: timeZone }).plus({ months }).toJSDate();
}

/** The quarter `at` falls in on the company's clock. */
export function fiscalQuarterAt(at: Date, timeZone: string): TFiscalQuarter {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  // The quarter rules read a date's calendar month; a date made of the local wall clock's fields carries it.
  const wallClock = new Date(local.year, local.month - 1, local.day);
  return { year: fiscalYearOf(wallClock), quarter: fiscalQuarterOf(wallClock) };
}

/** The quarter before `quarter`: Q4 of the year before Q1. */
export function previousQuarter({ year, quarter }: TFiscalQuarter): TFiscalQuarter {
  const index = QUARTERS.indexOf(quarter);
  return index === 0 ? { year: year - 1, quarter: 'q4' } : { year, quarter: QUARTERS[index - 1]! };
}

/** The quarter after `quarter`: Q1 of the year after Q4. */
export function nextQuarter({ year, quarter }: TFiscalQuarter): TFiscalQuarter {
  const index = QUARTERS.indexOf(quarter);
  return index === QUARTERS.length - 1 ? { year: year + 1, quarter: 'q1' } : { year, quarter: QUARTERS[index + 1]! };
}

/** The review window of a quarter: when it opens and when it closes (exclusive). */
export function reviewWindow(quarter: TFiscalQuarter, timeZone: string): { opensAt: Date; endsAt: Date; closesAt: Date } {
  const end = DateTime.fromJSDate(quarterEnd(quarter, timeZone), { zone: timeZone });
  return { opensAt: end.minus(OPENS_BEFORE_END).toJSDate(), endsAt: end.toJSDate(), closesAt: end.plus(CLOSES_AFTER_END).toJSDate() };
}

/**
 * The quarter open for review at `now`, or null between windows. Windows are six weeks and
 * quarters thirteen, so at most one is open: the quarter `now` falls in (its last two weeks) or
 * the one before (its first four weeks after).
 */
export function quarterUnderReview(now: Date, timeZone: string): TFiscalQuarter | null {
  const current = fiscalQuarterAt(now, timeZone);
  for (const quarter of [current, previousQuarter(current)]) {
    const { opensAt, closesAt } = reviewWindow(quarter, timeZone);
    if (opensAt <= now && now < closesAt) return quarter;
  }
  return null;
}

/**
 * The first review window that opens after `now`, and its quarter: between windows, the quarter
 * `now` falls in (its window is still to come); inside one, the quarter after it.
 */
export function nextReviewOpening(now: Date, timeZone: string): { quarter: TFiscalQuarter; opensAt: Date } {
  const current = fiscalQuarterAt(now, timeZone);
  for (const quarter of [current, nextQuarter(current)]) {
    const { opensAt } = reviewWindow(quarter, timeZone);
    if (opensAt > now) return { quarter, opensAt };
  }
  // A quarter's window opens within it, so the next quarter's has always yet to open.
  throw new Error(`No review window opens after ${now.toISOString()}`);
}

/** The last quarter that has ended at `now`: the one before the quarter `now` falls in. */
export function lastFinishedQuarter(now: Date, timeZone: string): TFiscalQuarter {
  return previousQuarter(fiscalQuarterAt(now, timeZone));
}

/** How screens name a quarter under review: 'Review Q2'. */
export function reviewLabel(quarter: TQuarter): string {
  return `Review ${quarterLabel(quarter)}`;
}
