import type { EntityManager } from '@mikro-orm/core';
import { NO_STRUCTURE_CONTACT_NAME, type TUser } from '@v2mom/contracts';
import { User } from './user.entity.js';
import { callerDepartment, type Caller } from '../auth/signed-in-user.js';

/** The user as the API shows it (ZUserSchema); the department must be loaded. */
export function toUserDto(user: Caller): TUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    department: callerDepartment(user).name,
    role: user.role,
    capabilities: [...user.capabilities],
    avatarUrl: user.avatarUrl ?? null,
    version: user.version,
    active: user.active,
    passwordChangeRequired: user.passwordChangeRequired,
  };
}

/** Usernames are stored lower-case, so 'Admin' signs in as 'admin'. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findUserForLogin(em: EntityManager, username: string): Promise<User | null> {
  return em.findOne(User, { username: normaliseUsername(username) }, { populate: ['department', 'passwordHash'] });
}

/**
 * Who 'Only {name} can …' messages name: the first user holding `manage_structure`
 * (docs/PRODUCT.md#named-holder).
 */
export async function structureManagerName(em: EntityManager): Promise<string> {
  const [manager] = await em.find(
    User,
    { capabilities: { $contains: ['manage_structure'] } },
    { orderBy: { id: 'asc' }, limit: 1, fields: ['name'] },
  );
  return manager?.name ?? NO_STRUCTURE_CONTACT_NAME;
}
