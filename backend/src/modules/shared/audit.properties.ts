import { p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { rowProperties } from './row.properties.js';

/**
 * Columns every business entity carries: `version`, `updatedAt` and `updatedBy` let a 409 tell
 * the user who changed the row and when.
 */
export const auditProperties = {
  ...rowProperties,
  updatedBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
};
