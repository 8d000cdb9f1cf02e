import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SealedCookie } from './sealed-cookie.js';

export const DEVICE_COOKIE_NAME = 'v2mom_device';
const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

/** Who signed in on this browser, and the browser's own id. */
const ZKnownDeviceSchema = z.object({ username: z.string(), deviceId: z.string() });
export type KnownDevice = z.infer<typeof ZKnownDeviceSchema>;

/**
 * A browser where someone has signed in before carries a sealed cookie naming them
 * (docs/PRODUCT.md#sign-in-throttle). Sign-in attempts for that person from that browser are
 * counted apart from everyone else's, so failures by others (guessing their password, or
 * behind the same office address) never keep them out.
 */
export class DeviceCookie {
  private readonly sealed: SealedCookie<KnownDevice>;

  constructor(secret: string, secure: boolean) {
    this.sealed = new SealedCookie(
      // Only the sign-in calls need it.
      { name: DEVICE_COOKIE_NAME, ttlSeconds: DEVICE_TTL_SECONDS, path: '/api/auth', sameSite: 'strict', secret, secure },
      ZKnownDeviceSchema,
    );
  }

  /** The device the `Cookie` header names, or null when absent, tampered with or expired. */
  read(cookieHeader: string | undefined): Promise<KnownDevice | null> {
    return this.sealed.read(cookieHeader);
  }

  /** Marks the browser as `username`'s, keeping its id when it had one. */
  issue(username: string, known: KnownDevice | null): Promise<string> {
    return this.sealed.issue({ username, deviceId: known?.deviceId ?? randomUUID() });
  }
}
