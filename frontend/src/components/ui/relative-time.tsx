import { DateTime } from 'luxon';

function parse(value: string): DateTime {
  return DateTime.fromISO(value);
}

/**
 * '3 days ago' for an ISO date-time; the raw value when it is not a valid date (docs/PRODUCT.md#screens),
 * and `fallback` when there is none.
 */
export function formatRelativeTime(value: string | null | undefined, fallback = '—', now?: DateTime): string {
  if (value == null || value === '') return fallback;
  const date = parse(value);
  if (!date.isValid) return value;
  return date.toRelative(now ? { base: now } : undefined) ?? value;
}

export interface RelativeTimeProps {
  value: string | null | undefined;
  /** Shown when there is no value. */
  fallback?: string;
}

/** A `<time>` reading '3 days ago', with the exact date and time as its tooltip. */
export function RelativeTime({ value, fallback }: RelativeTimeProps) {
  const text = formatRelativeTime(value, fallback);
  if (value == null || value === '') return <span>{text}</span>;
  const date = parse(value);
  if (!date.isValid) return <span>{text}</span>;
  return (
    <time dateTime={value} title={date.toLocaleString(DateTime.DATETIME_MED)}>
      {text}
    </time>
  );
}
