import { defineEndpoints, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamsSchema } from '../common/fields.schemas.js';
import {
  ZNotificationPageSchema,
  ZNotificationPreferencesSchema,
  ZNotificationQuerySchema,
  ZNotificationSchema,
  ZParentChangesSchema,
  ZReadAllSchema,
  ZUnreadCountSchema,
} from './notification.schemas.js';
import { NOTIFICATION_PATHS } from './notifications.paths.js';

/** Each person reads and marks only their own notifications (docs/PRODUCT.md#notifications). */
export const NOTIFICATION_ENDPOINTS = defineEndpoints(NOTIFICATION_PATHS, {
  listNotifications: {
    summary: "The caller's notifications, newest first, a page at a time, with the unread count",
    tag: 'notifications',
    access: 'session',
    query: ZNotificationQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZNotificationPageSchema },
  },
  getUnreadCount: {
    summary: "How many of the caller's notifications are unread",
    tag: 'notifications',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZUnreadCountSchema },
  },
  markNotificationRead: {
    summary: 'Marks one of the caller’s notifications read',
    tag: 'notifications',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZNotificationSchema, 404: ZErrorBodySchema },
  },
  markParentChangeReviewed: {
    summary: 'Marks one of the caller’s notices of a parent’s change Reviewed (and read)',
    tag: 'notifications',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZNotificationSchema, 404: ZErrorBodySchema },
  },
  getParentChanges: {
    summary: 'How many changes of what a V2MOM is aligned to, or its methods support, are not yet reviewed, and the latest of them',
    tag: 'notifications',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZParentChangesSchema, 404: ZErrorBodySchema },
  },
  markAllNotificationsRead: {
    summary: "Marks the caller's notifications read, up to the newest the panel showed",
    tag: 'notifications',
    access: 'session',
    body: ZReadAllSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZUnreadCountSchema },
  },
  getNotificationPreferences: {
    summary: 'Which kinds of notification the caller receives in the app',
    tag: 'notifications',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZNotificationPreferencesSchema },
  },
  updateNotificationPreferences: {
    summary: 'Chooses which kinds of notification the caller receives in the app',
    tag: 'notifications',
    access: 'session',
    body: ZNotificationPreferencesSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZNotificationPreferencesSchema },
  },
});
