import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import {
  getNotificationPreferences,
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationPreferences,
} from './notifications.service.js';
import { getParentChanges, markParentChangeReviewed } from './parent-changed.js';

export function notificationsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listNotifications, ({ em, user, query }) => listNotifications(em, user.id, query), PAGED);
  route(router, API_ENDPOINTS.getUnreadCount, ({ em, user }) => getUnreadCount(em, user.id));
  route(router, API_ENDPOINTS.markNotificationRead, ({ em, user, params }) => markNotificationRead(em, user.id, params.id));
  route(router, API_ENDPOINTS.markParentChangeReviewed, ({ em, user, params }) => markParentChangeReviewed(em, user.id, params.id));
  route(router, API_ENDPOINTS.getParentChanges, ({ em, params }) => getParentChanges(em, params.id));
  route(router, API_ENDPOINTS.markAllNotificationsRead, ({ em, user, body }) => markAllNotificationsRead(em, user.id, body.through));
  route(router, API_ENDPOINTS.getNotificationPreferences, ({ em, user }) => getNotificationPreferences(em, user.id));
  route(router, API_ENDPOINTS.updateNotificationPreferences, ({ em, user, body }) => updateNotificationPreferences(em, user.id, body));
}
