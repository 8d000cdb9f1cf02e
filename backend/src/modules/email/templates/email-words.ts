import { isolated } from '@v2mom/contracts';

/** Words the emails share. */

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * `2026-03-02` as `Mon 2 Mar 2026`, the way the screens write a day with its weekday
 * (docs/PRODUCT.md#dates-and-times): a calendar day, never shifted by a time zone.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const part = (type: Intl.DateTimeFormatPartTypes) => DAY_FORMAT.formatToParts(date).find((each) => each.type === type)?.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** `1 method`, `3 methods`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `'Launch podcast'`, as the notification words quote titles, the title isolated (docs/PRODUCT.md#user-text). */
export function quoted(title: string): string {
  return `‘${isolated(title)}’`;
}
