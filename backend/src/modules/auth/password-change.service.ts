import { ref, type EntityManager } from '@mikro-orm/core';
import type { TChangePasswordRequest } from '@v2mom/contracts';
import type { User } from '../users/user.entity.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession } from './sessions.service.js';
import { UserSession } from './user-session.entity.js';

/**
 * POST /api/auth/password: once the current password is proven, stores the new one and, in the
 * same transaction, ends every session of the user, so whoever learned the old password or holds
 * one of the user's cookies is out, and opens a new session for the caller: like a sign-in, a
 * password change gives the caller a new session id (docs/PRODUCT.md#sessions).
 * Returns null, changing nothing, when the current password is wrong. The user row's version
 * makes a second change racing this one fail (409) instead of both succeeding.
 */
export async function changePassword(
  em: EntityManager,
  user: User,
  { currentPassword, newPassword }: TChangePasswordRequest,
): Promise<UserSession | null> {
  await em.populate(user, ['passwordHash']);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) return null;
  // Hashed before the transaction opens: argon2 is slow on purpose and needs no database.
  const passwordHash = await hashPassword(newPassword);
  return em.transactional(async (tx) => {
    user.passwordHash = passwordHash;
    // A temporary password is replaced by one only its holder knows (docs/PRODUCT.md#temporary-passwords-api).
    user.passwordChangeRequired = false;
    user.updatedBy = ref(user);
    await tx.nativeDelete(UserSession, { user: user.id });
    return createSession(tx, user);
  });
}
