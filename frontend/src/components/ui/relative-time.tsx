import { clock } from '../../lib/clock';
import { wholeCalendarUnits, type CalendarUnit } from '../../lib/calendar-units';
import { formatDateTime, parseApiDate } from '../../lib/dates';

const DAY_MS = 86_400_000;
/** The units a relative time counts in below a day, largest first, with their length in milliseconds. */
const UNITS_WITHIN_A_DAY = [
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1_000],
] as const;
const CALENDAR_UNITS: readonly CalendarUnit[] = ['years', 'months', 'days'];

/** In the browser's language: only month and day names are English whatever it is (docs/PRODUCT.md#dates-and-times). */
let formatter: Intl.RelativeTimeFormat | undefined;

/**
 * '3 days ago' or 'in 2 hours': the largest unit with a whole count, truncated. From 24 hours on,
 * years, months and days are the calendar's on the browser's clock (lib/calendar-units.ts); below,
 * and for what is left under a calendar day, the count is a plain length of time.
 */
function relativeText(date: Date, now: number): string {
  formatter ??= new Intl.RelativeTimeFormat(undefined, { numeric: 'always' });
  const ms = date.getTime() - now;
  const [earlier, later] = ms < 0 ? [date, new Date(now)] : [new Date(now), date];
  const sign = ms < 0 ? -1 : 1;
  for (const unit of Math.abs(ms) >= DAY_MS ? CALENDAR_UNITS : []) {
    const count = wholeCalendarUnits(earlier, later, unit);
    if (count > 0) return formatter.format(sign * count, unit);
  }
  const [unit, length] = UNITS_WITHIN_A_DAY.find(([, length]) => Math.abs(ms) >= length) ?? UNITS_WITHIN_A_DAY[2];
  return formatter.format(Math.trunc(ms / length), unit);
}

/**
 * '3 days ago' for an ISO date-time, from the page's now (lib/clock.ts) unless `now` is given; the
 * raw value when it is not a valid date (docs/PRODUCT.md#screens), and `fallback` when there is none.
 */
export function formatRelativeTime(value: string | null | undefined, fallback = '—', now: number = clock.millis()): string {
  if (value == null || value === '') return fallback;
  const date = parseApiDate(value);
  return date ? relativeText(date, now) : value;
}

export interface RelativeTimeProps {
  value: string | null | undefined;
  /** Shown when there is no value. */
  fallback?: string;
}

/** A `<time>` reading '3 days ago', with the exact date and time as its tooltip ('31 Jan 2027, 19:43'). */
export function RelativeTime({ value, fallback }: RelativeTimeProps) {
  if (value == null || value === '') return <span>{formatRelativeTime(value, fallback)}</span>;
  const date = parseApiDate(value);
  if (!date) return <span>{value}</span>;
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {relativeText(date, clock.millis())}
    </time>
  );
}
