import { DateTime } from 'luxon';

function relativeText(date: DateTime, value: string, now?: DateTime): string {
  return date.toRelative(now ? { base: now } : undefined) ?? value;
}

/**
 * '3 days ago' for an ISO date-time; the raw value when it is not a valid date (docs/PRODUCT.md#screens),
 * and `fallback` when there is none.
 */
export function formatRelativeTime(value: string | null | undefined, fallback = '—', now?: DateTime): string {
  if (value == null || value === '') return fallback;
  const date = DateTime.fromISO(value);
  return date.isValid ? relativeText(date, value, now) : value;
}

export interface RelativeTimeProps {
  value: string | null | undefined;
  /** Shown when there is no value. */
  fallback?: string;
}

/** A `<time>` reading '3 days ago', with the exact date and time as its tooltip. */
export function RelativeTime({ value, fallback }: RelativeTimeProps) {
  if (value == null || value === '') return <span>{formatRelativeTime(value, fallback)}</span>;
  // Parsed once: luxon's parsing costs as much as its formatting, and tables show hundreds of these.
  const date = DateTime.fromISO(value);
  if (!date.isValid) return <span>{value}</span>;
  return (
    <time dateTime={value} title={date.toLocaleString(DateTime.DATETIME_MED)}>
      {relativeText(date, value)}
    </time>
  );
}
