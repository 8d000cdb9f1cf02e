import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { now } from '../../server-clock.js';

/**
 * A signed-in browser. The sealed cookie only names this row, so deleting the row (logout,
 * password change) really ends the session, which a stateless cookie could not do.
 * No version column: nothing edits a session concurrently except `lastSeenAt`, and that may race.
 */
export const UserSessionSchema = defineEntity({
  name: 'UserSession',
  properties: {
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => now()),
    expiresAt: p.datetime().index(),
    lastSeenAt: p.datetime().onCreate(() => now()),
    /** The browser's User-Agent at sign-in, which the account page names the device by. */
    userAgent: p.string().length(500).nullable(),
  },
});

export class UserSession extends UserSessionSchema.class {}
UserSessionSchema.setClass(UserSession);
