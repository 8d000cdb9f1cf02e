import { p } from '@mikro-orm/core';
import { User } from '../modules/users/user.entity.js';

/**
 * Columns every business entity carries. `version` drives MikroORM's optimistic locking, and
 * `updatedAt`/`updatedBy` let a 409 tell the user who changed the row and when.
 */
export const auditProperties = {
  id: p.integer().primary(),
  version: p.integer().version(),
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
  updatedBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
};
