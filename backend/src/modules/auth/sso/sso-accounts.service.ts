import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { Department } from '../../departments/department.entity.js';
import { User } from '../../users/user.entity.js';
import { hashPassword } from '../passwords.js';
import type { SsoSettings } from './sso-settings.js';

/** Usernames are at most this long (user.entity.ts); an auto-created account's username is its email. */
const USERNAME_MAX_LENGTH = 100;

type AutoCreate = NonNullable<SsoSettings['autoCreate']>;

/** The department auto-created accounts join; null when OIDC_DEFAULT_DEPARTMENT names none. */
function defaultDepartment(em: EntityManager, autoCreate: AutoCreate): Promise<Department | null> {
  return em.findOne(Department, { name: autoCreate.departmentName });
}

/**
 * Refuses to start a server whose auto-creation could never work (docs/PRODUCT.md#single-sign-on):
 * checked once the database is migrated and seeded, rather than found at the first new person's
 * sign-in. OIDC_DEFAULT_ROLE is already one of the roles (env.ts).
 */
export async function assertAutoCreateReady(em: EntityManager, autoCreate: SsoSettings['autoCreate']): Promise<void> {
  if (!autoCreate || (await defaultDepartment(em, autoCreate))) return;
  const names = (await em.find(Department, {}, { orderBy: { name: 'asc' } })).map((department) => department.name);
  throw new Error(
    `OIDC_DEFAULT_DEPARTMENT names no department: "${autoCreate.departmentName}". Set it to one of ${names.join(', ') || '(none yet)'}, or create the department first.`,
  );
}

/**
 * A new account for an unknown email. Two first sign-ins with one email at the same moment both
 * find no account: the database's unique email lets one insert win, and the other signs in to
 * the row it wrote. Created in a fork, so a lost race leaves nothing behind in the caller's unit of work.
 */
async function createSsoAccount(em: EntityManager, identity: { email: string; name: string | undefined }, autoCreate: AutoCreate): Promise<User> {
  const fork = em.fork();
  const department = await defaultDepartment(fork, autoCreate);
  if (!department) throw new Error(`OIDC_DEFAULT_DEPARTMENT names no department: ${autoCreate.departmentName}`);
  fork.create(User, {
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
  try {
    await fork.flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  return em.findOneOrFail(User, { email: identity.email }, { populate: ['department'] });
}

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
  return createSsoAccount(em, identity, autoCreate);
}
