import { isolated } from '@v2mom/contracts';

/** Words the emails share. */

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** `2026-03-02` as `Mon, Mar 2, 2026`: a calendar day, never shifted by a time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_FORMAT.format(date);
}

/** `1 method`, `3 methods`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `'Launch podcast'`, as the notification words quote titles, the title isolated (docs/PRODUCT.md#user-text). */
export function quoted(title: string): string {
  return `‘${isolated(title)}’`;
}
