import { defineEntity, p } from '@mikro-orm/core';
import { PREFERENCE_KINDS } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';

/**
 * A person's choice about one kind (docs/PRODUCT.md#notification-preferences): each channel the
 * kind has is as `PREFERENCE_DEFAULTS` says until chosen, so a null is the default.
 */
export const NotificationPreferenceSchema = defineEntity({
  name: 'NotificationPreference',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    kind: p.enum(PREFERENCE_KINDS).primary(),
    inApp: p.boolean().nullable(),
    email: p.boolean().nullable(),
  },
});

export class NotificationPreference extends NotificationPreferenceSchema.class {}
NotificationPreferenceSchema.setClass(NotificationPreference);
