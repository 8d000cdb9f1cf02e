import { defineEntity, p } from '@mikro-orm/core';
import { NOTIFICATION_KINDS } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';

/** A kind a person chose not to be notified of in the app; every kind is on until chosen off. */
export const NotificationPreferenceSchema = defineEntity({
  name: 'NotificationPreference',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    kind: p.enum(NOTIFICATION_KINDS).primary(),
    inApp: p.boolean(),
  },
});

export class NotificationPreference extends NotificationPreferenceSchema.class {}
NotificationPreferenceSchema.setClass(NotificationPreference);
