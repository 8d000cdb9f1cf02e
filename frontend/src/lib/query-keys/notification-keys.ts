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
  /** GET /api/notifications/preferences */
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};
