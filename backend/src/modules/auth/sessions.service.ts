import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { TAccountSession } from '@v2mom/contracts';
import { now } from '../../server-clock.js';
import { User } from '../users/user.entity.js';
import { deviceLabel } from './device-label.js';
import { SESSION_TTL_SECONDS } from './session-cookie.js';
import { readSession, type SignedInUser } from './signed-in-user.js';
import { UserSession } from './user-session.entity.js';

/** Writing `lastSeenAt` on every request would turn each read into a write; once in a while is enough. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
/** The stored column's length. */
const USER_AGENT_MAX = 500;

export async function createSession(em: EntityManager, user: User, userAgent?: string): Promise<UserSession> {
  const session = em.create(UserSession, {
    id: randomBytes(32).toString('base64url'),
    user,
    expiresAt: new Date(now().getTime() + SESSION_TTL_SECONDS * 1000),
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  });
  await em.flush();
  return session;
}

/** The user behind a live session, or null when the session is unknown, revoked or expired. */
export async function findSessionUser(em: EntityManager, sessionId: string): Promise<SignedInUser | null> {
  return (await findLiveSession(em, sessionId))?.user ?? null;
}

/**
 * A live session's user and when it ends (a socket ends then: docs/PRODUCT.md#recovery), or null.
 * A deactivated account has no live session, even one that a sign-in racing the deactivation made.
 */
export async function findLiveSession(em: EntityManager, sessionId: string): Promise<{ user: SignedInUser; expiresAt: Date } | null> {
  const session = await readSession(em, sessionId);
  if (!session) return null;
  const at = now();
  const { user, expiresAt, lastSeenAt } = session;
  if (expiresAt <= at.getTime() || !user.active) {
    await em.nativeDelete(UserSession, { id: sessionId });
    return null;
  }
  if (at.getTime() - lastSeenAt > LAST_SEEN_RESOLUTION_MS) {
    await em.nativeUpdate(UserSession, { id: sessionId }, { lastSeenAt: at });
  }
  return { user, expiresAt: new Date(expiresAt) };
}

export async function deleteSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(UserSession, { id: sessionId });
}

/** Ends every session of a user (deactivation, a password reset); their sockets are the caller's to close. */
export async function deleteUserSessions(em: EntityManager, userId: number): Promise<void> {
  await em.nativeDelete(UserSession, { user: userId });
}

/**
 * What the account page calls a session: a digest of its id, so the page can name one without
 * the id that, sealed, is the cookie (docs/PRODUCT.md#account-sessions-api).
 */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}

async function liveSessionsOf(em: EntityManager, userId: number): Promise<UserSession[]> {
  return em.find(UserSession, { user: userId, expiresAt: { $gt: now() } }, { orderBy: { lastSeenAt: 'desc', createdAt: 'desc' } });
}

/** GET /api/auth/sessions: the caller's session first, then the most recently seen. */
export async function listAccountSessions(em: EntityManager, userId: number, currentSessionId: string): Promise<TAccountSession[]> {
  const sessions = (await liveSessionsOf(em, userId)).map((session) => ({
    id: sessionHandle(session.id),
    device: deviceLabel(session.userAgent),
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  }));
  return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
}

/** The id of the user's session that `handle` names, or null when it names none of theirs. */
export async function findSessionByHandle(em: EntityManager, userId: number, handle: string): Promise<string | null> {
  return (await liveSessionsOf(em, userId)).find((session) => sessionHandle(session.id) === handle)?.id ?? null;
}

/** Ends every session of the user but `keepSessionId`; answers the ids that ended, so their sockets can be closed. */
export async function deleteOtherSessions(em: EntityManager, userId: number, keepSessionId: string): Promise<string[]> {
  const others = await em.find(UserSession, { user: userId, id: { $ne: keepSessionId } }, { fields: ['id'] });
  if (others.length > 0) await em.nativeDelete(UserSession, { id: { $in: others.map((session) => session.id) } });
  return others.map((session) => session.id);
}
