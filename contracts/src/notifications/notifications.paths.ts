import { withOperationIds } from '../api/route-table.js';

export const NOTIFICATION_PATHS = /* @__PURE__ */ withOperationIds({
  listNotifications: { method: 'GET', path: '/api/notifications' },
  getUnreadCount: { method: 'GET', path: '/api/notifications/unread-count' },
  markNotificationRead: { method: 'PUT', path: '/api/notifications/{id}/read' },
  markParentChangeReviewed: { method: 'PUT', path: '/api/notifications/{id}/reviewed' },
  getParentChanges: { method: 'GET', path: '/api/v2moms/{id}/parent-changes' },
  markAllNotificationsRead: { method: 'PUT', path: '/api/notifications/read-all' },
  getNotificationPreferences: { method: 'GET', path: '/api/notifications/preferences' },
  updateNotificationPreferences: { method: 'PUT', path: '/api/notifications/preferences' },
});
