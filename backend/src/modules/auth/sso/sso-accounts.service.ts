import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { Department } from '../../departments/department.entity.js';
import { User } from '../../users/user.entity.js';
import { hashPassword } from '../passwords.js';
import type { SsoSettings } from './sso-settings.js';

/** Usernames are at most this long (user.entity.ts); an auto-created account's username is its email. */
const USERNAME_MAX_LENGTH = 100;

/**
 * The account single sign-on signs in for this email (docs/PRODUCT.md#single-sign-on): the one
 * that has it, or, when auto-creation is on and none has, a new one with the configured role and
 * department and no usable password. Null: refused.
 */
export async function accountForSso(
  em: EntityManager,
  identity: { email: string; name: string | undefined },
  autoCreate: SsoSettings['autoCreate'],
): Promise<User | null> {
  const user = await em.findOne(User, { email: identity.email }, { populate: ['department'] });
  // A deactivated account is refused exactly like an unknown email (docs/PRODUCT.md#people-api).
  if (user) return user.active ? user : null;
  if (!autoCreate || identity.email.length > USERNAME_MAX_LENGTH) return null;
  const department = await em.findOne(Department, { name: autoCreate.departmentName });
  if (!department) throw new Error(`OIDC_DEFAULT_DEPARTMENT names no department: ${autoCreate.departmentName}`);
  return em.create(User, {
    username: identity.email,
    name: identity.name ?? identity.email,
    email: identity.email,
    department,
    role: autoCreate.role,
    capabilities: [],
    // Nobody knows this password: the account signs in through its provider only.
    passwordHash: await hashPassword(randomBytes(32).toString('hex')),
    avatarUrl: null,
  });
}
