import { z } from 'zod';
import { SealedCookie } from './sealed-cookie.js';

export const SESSION_COOKIE_NAME = 'v2mom_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

const ZSealedSessionSchema = z.object({ sessionId: z.string() });

/**
 * Every request and socket handshake opens the session cookie: an opened one is remembered for a
 * minute (SealedCookie). What ends a session is its row (expiry, sign-out, revocation), read on
 * every request whatever the cookie says (sessions.service.ts).
 */
const OPENED_SESSION_MS = 60_000;

/**
 * The browser's cookie holds only the id of a server-side session, sealed (encrypted and
 * signed) by iron-session. HTTP requests and socket handshakes both read it through `read`.
 */
export class SessionCookie {
  private readonly sealed: SealedCookie<z.infer<typeof ZSealedSessionSchema>>;

  constructor(secret: string, secure: boolean) {
    this.sealed = new SealedCookie(
      { name: SESSION_COOKIE_NAME, ttlSeconds: SESSION_TTL_SECONDS, path: '/', sameSite: 'lax', secret, secure, rememberOpenedMs: OPENED_SESSION_MS },
      ZSealedSessionSchema,
    );
  }

  /** The session id in a `Cookie` header, or null when absent, tampered with or expired. */
  async read(cookieHeader: string | undefined): Promise<string | null> {
    return (await this.sealed.read(cookieHeader))?.sessionId ?? null;
  }

  issue(sessionId: string): Promise<string> {
    return this.sealed.issue({ sessionId });
  }

  clear(): string {
    return this.sealed.clear();
  }
}
