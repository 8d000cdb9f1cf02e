import { parseCookie, stringifySetCookie } from 'cookie';
import { sealData, unsealData } from 'iron-session';

export const SESSION_COOKIE_NAME = 'v2mom_session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

interface SealedSession {
  sessionId?: string;
}

/**
 * The browser's cookie holds only the id of a server-side session, sealed (encrypted and
 * signed) by iron-session. HTTP requests and socket handshakes both read it through `read`.
 */
export class SessionCookie {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /** The session id in a `Cookie` header, or null when absent, tampered with or expired. */
  async read(cookieHeader: string | undefined): Promise<string | null> {
    const sealed = cookieHeader ? parseCookie(cookieHeader)[SESSION_COOKIE_NAME] : undefined;
    if (!sealed) return null;
    const data = await unsealData<SealedSession>(sealed, { password: this.secret, ttl: SESSION_TTL_SECONDS });
    return typeof data.sessionId === 'string' ? data.sessionId : null;
  }

  async issue(sessionId: string): Promise<string> {
    const sealed = await sealData({ sessionId } satisfies SealedSession, { password: this.secret, ttl: SESSION_TTL_SECONDS });
    return this.setCookie(sealed, SESSION_TTL_SECONDS);
  }

  clear(): string {
    return this.setCookie('', 0);
  }

  private setCookie(value: string, maxAge: number): string {
    return stringifySetCookie({
      name: SESSION_COOKIE_NAME,
      value,
      maxAge,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
    });
  }
}
