// Notification kinds and their words: apart from the schemas, so the shell's bell does not load zod.

/** What a person is notified of (docs/PRODUCT.md#notifications). */
export const NOTIFICATION_KINDS = ['mentioned', 'commented', 'method_changed', 'obstacle_added', 'task_assigned'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How the preferences on /account name each kind. */
export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  mentioned: 'Someone mentions you',
  commented: 'Someone comments on a thread you own or took part in',
  method_changed: 'Someone else changes the status or owner of your method',
  obstacle_added: 'Someone adds an obstacle to your method',
  task_assigned: 'A task is assigned to you',
};

/** A page of the notification panel (docs/PRODUCT.md#notifications). */
export const NOTIFICATION_PAGE_SIZE = { default: 30, max: 100 } as const;
