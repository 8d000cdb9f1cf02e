import { DAY, formatWhen, parseApiDate, TIME } from '../../lib/dates';
import { DateTime } from '../../lib/luxon';

const DAY_MS = 86_400_000;
/** luxon's units below a day, largest first, with their length in milliseconds. */
const UNITS_WITHIN_A_DAY = [
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1_000],
] as const;
const formatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * luxon's `toRelative`, with a short path for the last day: below a day its count is a plain
 * duration (the largest unit with a whole count, truncated), so Intl's own formatter says it
 * without luxon's calendar arithmetic, which costs about a millisecond a call on a slow machine
 * and a table shows a hundred of these. Older times, where months and days depend on the
 * calendar, are luxon's.
 */
function relativeText(date: DateTime, value: string, now: DateTime = DateTime.now()): string {
  const ms = date.toMillis() - now.toMillis();
  if (Math.abs(ms) >= DAY_MS) return date.toRelative({ base: now }) ?? value;
  const [unit, length] = UNITS_WITHIN_A_DAY.find(([, length]) => Math.abs(ms) >= length) ?? UNITS_WITHIN_A_DAY[2];
  const locale = date.locale ?? 'en-US';
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })));
  return formatter.format(Math.trunc(ms / length), unit);
}

/**
 * '3 days ago' for an ISO date-time; the raw value when it is not a valid date (docs/PRODUCT.md#screens),
 * and `fallback` when there is none.
 */
export function formatRelativeTime(value: string | null | undefined, fallback = '—', now?: DateTime): string {
  if (value == null || value === '') return fallback;
  const date = parseApiDate(value);
  return date.isValid ? relativeText(date, value, now) : value;
}

export interface RelativeTimeProps {
  value: string | null | undefined;
  /** Shown when there is no value. */
  fallback?: string;
}

/** A `<time>` reading '3 days ago', with the exact date and time as its tooltip ('31 Jan 2027, 19:43'). */
export function RelativeTime({ value, fallback }: RelativeTimeProps) {
  if (value == null || value === '') return <span>{formatRelativeTime(value, fallback)}</span>;
  // Parsed once: luxon's parsing costs as much as its formatting, and tables show hundreds of these.
  const date = parseApiDate(value);
  if (!date.isValid) return <span>{value}</span>;
  return (
    <time dateTime={value} title={formatWhen(date, `${DAY}, ${TIME}`)}>
      {relativeText(date, value)}
    </time>
  );
}
