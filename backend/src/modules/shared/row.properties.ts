import { p } from '@mikro-orm/core';
import { now } from '../../server-clock.js';

/**
 * The columns of every versioned row but its author. `version` drives MikroORM's optimistic
 * locking; `updatedAt` lets a 409 say when the row changed. Kept apart from `auditProperties`
 * (which adds `updatedBy`, a reference to User) so that the User entity can use them without an
 * import cycle whose order would depend on which entity a program happens to load first.
 */
export const rowProperties = {
  id: p.integer().primary(),
  version: p.integer().version(),
  createdAt: p.datetime().onCreate(() => now()),
  updatedAt: p
    .datetime()
    .onCreate(() => now())
    .onUpdate(() => now()),
};
