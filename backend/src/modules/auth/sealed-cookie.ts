import { parseCookie, stringifySetCookie } from 'cookie';
import { sealData, unsealData } from 'iron-session';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';

export interface SealedCookieOptions {
  name: string;
  /** How long the browser keeps it, and how long its seal is accepted. */
  ttlSeconds: number;
  /** Only requests under this path carry it. */
  path: string;
  sameSite: 'lax' | 'strict';
  /** SESSION_SECRET: seals and opens it. */
  secret: string;
  /** Secure in production (HTTPS only). */
  secure: boolean;
  /**
   * Given: each seal opened is remembered this long (the most recent OPENED_MAX), for a cookie
   * that every request carries and whose seal is not what ends it (the session's row is).
   */
  rememberOpenedMs?: number;
}

/**
 * Opening a seal derives its keys (PBKDF2) each time: about half a millisecond of CPU. Only
 * genuine seals are remembered (a forged one fails its signature), so the bound is on the
 * cookies that were issued.
 */
const OPENED_MAX = 10_000;

/**
 * A cookie whose value is data sealed (encrypted and signed) by iron-session: the browser keeps
 * it, and only the server can read or change it. Always HttpOnly.
 */
export class SealedCookie<Data extends object> {
  private readonly opened?: LRUCache<string, Data>;

  constructor(
    private readonly options: SealedCookieOptions,
    private readonly schema: z.ZodType<Data>,
  ) {
    if (options.rememberOpenedMs !== undefined) this.opened = new LRUCache({ max: OPENED_MAX, ttl: options.rememberOpenedMs });
  }

  /** The data in a `Cookie` header, or null when absent, tampered with, expired or of another shape. */
  async read(cookieHeader: string | undefined): Promise<Data | null> {
    const sealed = cookieHeader ? parseCookie(cookieHeader)[this.options.name] : undefined;
    if (!sealed) return null;
    const remembered = this.opened?.get(sealed);
    if (remembered) return remembered;
    const parsed = this.schema.safeParse(await unsealData(sealed, { password: this.options.secret, ttl: this.options.ttlSeconds }));
    if (!parsed.success) return null;
    this.opened?.set(sealed, parsed.data);
    return parsed.data;
  }

  /** The `Set-Cookie` value that gives the browser `data`. */
  async issue(data: Data): Promise<string> {
    const sealed = await sealData(data, { password: this.options.secret, ttl: this.options.ttlSeconds });
    return this.setCookie(sealed, this.options.ttlSeconds);
  }

  /** The `Set-Cookie` value that removes it. */
  clear(): string {
    return this.setCookie('', 0);
  }

  private setCookie(value: string, maxAge: number): string {
    const { name, path, sameSite, secure } = this.options;
    return stringifySetCookie({ name, value, maxAge, path, httpOnly: true, sameSite, secure });
  }
}
