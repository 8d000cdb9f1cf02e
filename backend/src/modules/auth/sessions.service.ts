import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { SESSION_TTL_SECONDS } from './session-cookie.js';
import { UserSession } from './user-session.entity.js';

/** Writing `lastSeenAt` on every request would turn each read into a write; once in a while is enough. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export async function createSession(em: EntityManager, user: User): Promise<UserSession> {
  const session = em.create(UserSession, {
    id: randomBytes(32).toString('base64url'),
    user,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  await em.flush();
  return session;
}

/** The user behind a live session, or null when the session is unknown, revoked or expired. */
export async function findSessionUser(em: EntityManager, sessionId: string): Promise<User | null> {
  return (await findLiveSession(em, sessionId))?.user ?? null;
}

/** A live session's user and when it ends (a socket ends then: docs/PRODUCT.md#recovery), or null. */
export async function findLiveSession(em: EntityManager, sessionId: string): Promise<{ user: User; expiresAt: Date } | null> {
  const session = await em.findOne(UserSession, { id: sessionId }, { populate: ['user.department'] });
  if (!session) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await em.nativeDelete(UserSession, { id: sessionId });
    return null;
  }
  if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await em.nativeUpdate(UserSession, { id: sessionId }, { lastSeenAt: new Date(now) });
  }
  return { user: session.user.getEntity(), expiresAt: session.expiresAt };
}

export async function deleteSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(UserSession, { id: sessionId });
}
