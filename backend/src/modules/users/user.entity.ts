import { defineEntity, p } from '@mikro-orm/core';
import { ROLES, type TCapability } from '@v2mom/contracts';
import { rowProperties } from '../shared/row.properties.js';
import { textSortIndex } from '../../db/keyset.js';
import { trigramIndex } from '../../db/search.js';
import { Department } from '../departments/department.entity.js';
import { scorecardTallyUserTriggers } from '../quarter-reviews/scorecard-tally.triggers.js';

export const UserSchema = defineEntity({
  name: 'User',
  // Team Progress and the People table page by name; lists search their rows' owners by name, the
  // People table usernames too (docs/PRODUCT.md#paged-lists).
  // The quarter scorecard's tally triggers read each person's department (docs/PRODUCT.md#quarter-review) from an index alone.
  indexes: [
    textSortIndex('user', 'name'),
    trigramIndex('user', ['name']),
    trigramIndex('user', ['username']),
    { name: 'user_id_department_index', expression: 'create index "user_id_department_index" on "user" ("id") include ("department_id")' },
  ],
  // The quarter scorecard's counts follow a person's department (quarter-reviews/scorecard-tally.entity.ts).
  triggers: scorecardTallyUserTriggers,
  properties: {
    ...rowProperties,
    // Written out here rather than through auditProperties, which imports this file.
    updatedBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    username: p.string().length(100).unique(),
    name: p.string().length(200),
    department: () => p.manyToOne(Department).ref().index(),
    /** Whom the person reports to; never themselves, directly or through others (docs/PRODUCT.md#people-api). */
    manager: () => p.manyToOne(User).ref().nullable().deleteRule('set null').index(),
    role: p.enum(ROLES).index(),
    capabilities: p.array().$type<TCapability[]>().default([]),
    passwordHash: p.string().length(255).hidden().lazy(),
    avatarUrl: p.string().length(1000).nullable(),
    /** Stored lower-case; single sign-on finds the account by it (docs/PRODUCT.md#single-sign-on). */
    email: p.string().length(320).nullable().unique(),
    /** False once deactivated: no session, no sign-in, owned rows stay (docs/PRODUCT.md#people-api). */
    active: p.boolean().default(true),
    /** Set with a temporary password (docs/PRODUCT.md#temporary-passwords-api). */
    passwordChangeRequired: p.boolean().default(false),
    lastSignInAt: p.datetime().nullable(),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
