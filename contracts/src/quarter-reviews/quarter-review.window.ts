import { DateTime } from 'luxon';
import { companyDay, fiscalQuarterAt, type TFiscalQuarter } from '../common/company-clock.js';
import { QUARTERS } from '../common/quarter.js';

/**
 * When a fiscal quarter may be reviewed (docs/PRODUCT.md#quarter-review): from two weeks before
 * its end until four weeks after it, on the company's clock (the rhythm's time zone). Both ends
 * call these; the server alone decides which quarter is open now and tells the screens.
 */

const OPENS_BEFORE_END = { weeks: 2 } as const;
const CLOSES_AFTER_END = { weeks: 4 } as const;
/** The fiscal year's first month, August, as Date counts months (0 to 11). */
const FISCAL_YEAR_START_MONTH = 7;
const DAY_MS = 86_400_000;

/** The calendar day after the quarter's last, as a day without a clock (midnight UTC). */
function dayAfter({ year, quarter }: TFiscalQuarter): Date {
  return new Date(Date.UTC(year, FISCAL_YEAR_START_MONTH + (QUARTERS.indexOf(quarter) + 1) * 3, 1));
}

/** The first instant after the quarter's last day, on the company's clock: its end. */
export function quarterEnd(quarter: TFiscalQuarter, timeZone: string): Date {
  const day = dayAfter(quarter);
  return DateTime.fromObject({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }, { zone: timeZone }).toJSDate();
}

/** The day a quarter's review window opens on, `YYYY-MM-DD` on the company's calendar: two weeks before its end. */
function reviewOpeningDay(quarter: TFiscalQuarter): string {
  return new Date(dayAfter(quarter).getTime() - OPENS_BEFORE_END.weeks * 7 * DAY_MS).toISOString().slice(0, 10);
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

/**
 * The review windows worked out so far, by time zone and quarter: a window is the same whenever it
 * is asked for, and working one out takes three time-zone conversions, 40 µs, on every read of the
 * quarter under review (docs/PERFORMANCE.md#company). A few quarters a year in one zone: the map
 * is cleared should it ever hold many.
 */
const windows = new Map<string, { opensAt: number; endsAt: number; closesAt: number }>();
const MAX_WINDOWS_KEPT = 64;

/** The review window of a quarter: when it opens and when it closes (exclusive). */
export function reviewWindow(quarter: TFiscalQuarter, timeZone: string): { opensAt: Date; endsAt: Date; closesAt: Date } {
  const key = `${timeZone} ${quarter.year} ${quarter.quarter}`;
  let window = windows.get(key);
  if (!window) {
    const end = DateTime.fromJSDate(quarterEnd(quarter, timeZone), { zone: timeZone });
    window = { opensAt: end.minus(OPENS_BEFORE_END).toMillis(), endsAt: end.toMillis(), closesAt: end.plus(CLOSES_AFTER_END).toMillis() };
    if (windows.size >= MAX_WINDOWS_KEPT) windows.clear();
    windows.set(key, window);
  }
  return { opensAt: new Date(window.opensAt), endsAt: new Date(window.endsAt), closesAt: new Date(window.closesAt) };
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
 * `now` falls in (its window is still to come); inside one, the quarter after it. A window opens
 * at the start of its day on the company's clock, so the days alone say which: no calendar
 * library is needed to show it.
 */
export function nextReviewOpening(now: Date, timeZone: string): { quarter: TFiscalQuarter; opensOn: string } {
  const current = fiscalQuarterAt(now, timeZone);
  const today = companyDay({ timeZone }, now);
  for (const quarter of [current, nextQuarter(current)]) {
    const opensOn = reviewOpeningDay(quarter);
    if (opensOn > today) return { quarter, opensOn };
  }
  // A quarter's window opens within it, so the next quarter's has always yet to open.
  throw new Error(`No review window opens after ${now.toISOString()}`);
}

/** The last quarter that has ended at `now`: the one before the quarter `now` falls in. */
export function lastFinishedQuarter(now: Date, timeZone: string): TFiscalQuarter {
  return previousQuarter(fiscalQuarterAt(now, timeZone));
}
