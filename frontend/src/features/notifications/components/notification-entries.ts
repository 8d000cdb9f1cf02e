import type { TNotification } from '@v2mom/contracts';

export type NotificationEntry =
  | { type: 'heading'; key: string; title: string }
  | { type: 'row'; key: string; notification: TNotification };

/** The heading of notifications that belong to no V2MOM (a task without a method). */
const NO_V2MOM = 'No V2MOM';
/** The heading of the rhythm's reminders and meeting digests, which are about no one V2MOM. */
const RHYTHM = 'Check-ins and meetings';

function groupOf(notification: TNotification): { key: string; title: string } {
  if (notification.v2mom) return { key: `v2mom-${notification.v2mom.id}`, title: notification.v2mom.title };
  if (notification.kind === 'check_in_reminder' || notification.kind === 'meeting_digest') return { key: 'rhythm', title: RHYTHM };
  return { key: 'none', title: NO_V2MOM };
}

/**
 * The panel's lines, newest first: a V2MOM's heading wherever the rows move to another V2MOM, so
 * the groups follow the order the notifications came in.
 */
export function notificationEntries(notifications: readonly TNotification[]): NotificationEntry[] {
  const entries: NotificationEntry[] = [];
  let group: string | undefined;
  for (const notification of notifications) {
    const { key, title } = groupOf(notification);
    if (key !== group) {
      group = key;
      entries.push({ type: 'heading', key: `heading-${notification.id}`, title });
    }
    entries.push({ type: 'row', key: `row-${notification.id}`, notification });
  }
  return entries;
}

/** The keys that move between the panel's rows (docs/PRODUCT.md#notifications). */
const MOVES = ['ArrowDown', 'ArrowUp', 'Home', 'End'] as const;
export type RowMove = (typeof MOVES)[number];

export const isRowMove = (key: string): key is RowMove => (MOVES as readonly string[]).includes(key);

/**
 * The line a key moves to from line `from` (null: from outside the list, where Down starts at the
 * first row and Up at the last), skipping headings and stopping at either end; null when there is
 * no row at all.
 */
export function rowAfterMove(entries: readonly NotificationEntry[], from: number | null, move: RowMove): number | null {
  const rows = entries.flatMap((entry, index) => (entry.type === 'row' ? [index] : []));
  const first = rows[0];
  const last = rows.at(-1);
  if (first === undefined || last === undefined) return null;
  if (move === 'Home') return first;
  if (move === 'End') return last;
  if (from === null) return move === 'ArrowDown' ? first : last;
  return move === 'ArrowDown' ? (rows.find((index) => index > from) ?? last) : (rows.findLast((index) => index < from) ?? first);
}
