/**
 * Notification keys (docs/PRODUCT.md#notifications). `notifications:changed` sets the unread count
 * in place; a reconnection asks for all of them again (app/live/live-query-rules.ts).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** GET /api/notifications/unread-count */
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  /** GET /api/notifications, page after page */
  list: () => [...notificationKeys.all, 'list'] as const,
  /** Every V2MOM's parent changes (prefix of parentChanges): a notice that arrives reads them again */
  parentChangesAll: () => [...notificationKeys.all, 'parent-changes'] as const,
  /** GET /api/v2moms/{id}/parent-changes */
  parentChanges: (v2momId: number) => [...notificationKeys.parentChangesAll(), v2momId] as const,
  /** GET /api/notifications/preferences */
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};
