import { raw, type EntityManager } from '@mikro-orm/core';
import type { Live } from '../../realtime/live.js';
import { User } from '../users/user.entity.js';
import type { DeviceCookie, KnownDevice } from './device-cookie.js';
import type { SessionCookie } from './session-cookie.js';
import { createSession, deleteSession } from './sessions.service.js';

/** The cookies a new session is sent with. */
export interface SignInCookies {
  cookie: SessionCookie;
  device: DeviceCookie;
}

/** Revokes the session, then closes its sockets wherever they are connected. */
export async function endSession(em: EntityManager, live: Live, sessionId: string): Promise<void> {
  await deleteSession(em, sessionId);
  live.disconnectSession(sessionId);
}

/**
 * What every way of signing in does once it knows the user: the caller's previous session ends
 * (the session id rotates), a new one opens, and the answer sets its cookie and the device cookie
 * the sign-in throttle recognises; the account's last sign-in moves. Returns the `Set-Cookie` values.
 */
export async function signIn(
  em: EntityManager,
  live: Live,
  { cookie, device }: SignInCookies,
  user: User,
  previous: { sessionId: string | undefined; knownDevice: KnownDevice | null; userAgent: string | undefined },
): Promise<string[]> {
  if (previous.sessionId) await endSession(em, live, previous.sessionId);
  const session = await createSession(em, user, previous.userAgent);
  // Not a change to the account: no new version, so nobody's open edit of it turns stale. A native
  // update raises the version itself unless the statement sets it, so it sets it to what it is.
  await em.nativeUpdate(User, { id: user.id }, { lastSignInAt: session.createdAt, version: raw('version') });
  return [await cookie.issue(session.id), await device.issue(user.username, previous.knownDevice)];
}
