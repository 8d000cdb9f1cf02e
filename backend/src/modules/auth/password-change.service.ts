import { ref, type EntityManager } from '@mikro-orm/core';
import type { TChangePasswordRequest } from '@v2mom/contracts';
import type { RequestAuth } from '../../http/request-auth.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { UserSession } from './user-session.entity.js';

/**
 * POST /api/auth/password: once the current password is proven, stores the new one and, in the
 * same transaction, ends every other session of the user, so whoever learned the old password or
 * holds another of the user's cookies is out; the session that asked stays signed in.
 * Returns false, changing nothing, when the current password is wrong. The user row's version
 * makes a second change racing this one fail (409) instead of both succeeding.
 */
export async function changePassword(
  em: EntityManager,
  { user, sessionId }: RequestAuth,
  { currentPassword, newPassword }: TChangePasswordRequest,
): Promise<boolean> {
  await em.populate(user, ['passwordHash']);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) return false;
  // Hashed before the transaction opens: argon2 is slow on purpose and needs no database.
  const passwordHash = await hashPassword(newPassword);
  await em.transactional(async (tx) => {
    user.passwordHash = passwordHash;
    user.updatedBy = ref(user);
    await tx.nativeDelete(UserSession, { user: user.id, id: { $ne: sessionId } });
  });
  return true;
}
