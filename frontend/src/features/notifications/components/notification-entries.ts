import type { TNotification } from '@v2mom/contracts';

export type NotificationEntry =
  | { type: 'heading'; key: string; title: string }
  | { type: 'row'; key: string; notification: TNotification };

/** The heading of notifications that belong to no V2MOM (a task without a method). */
const NO_V2MOM = 'No V2MOM';

/**
 * The panel's lines, newest first: a V2MOM's heading wherever the rows move to another V2MOM, so
 * the groups follow the order the notifications came in.
 */
export function notificationEntries(notifications: readonly TNotification[]): NotificationEntry[] {
  const entries: NotificationEntry[] = [];
  let group: number | null | undefined;
  for (const notification of notifications) {
    const v2momId = notification.v2mom?.id ?? null;
    if (v2momId !== group) {
      group = v2momId;
      entries.push({ type: 'heading', key: `heading-${notification.id}`, title: notification.v2mom?.title ?? NO_V2MOM });
    }
    entries.push({ type: 'row', key: `row-${notification.id}`, notification });
  }
  return entries;
}
