import { randomUUID } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { sealData, unsealData } from 'iron-session';

export const DEVICE_COOKIE_NAME = 'v2mom_device';
const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

/** Who signed in on this browser, and the browser's own id. */
export interface KnownDevice {
  username: string;
  deviceId: string;
}

/**
 * A browser where someone has signed in before carries a sealed cookie naming them
 * (docs/PRODUCT.md#sign-in-throttle). Sign-in attempts for that person from that browser are
 * counted apart from everyone else's, so failures by others (guessing their password, or
 * behind the same office address) never keep them out.
 */
export class DeviceCookie {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /** The device the `Cookie` header names, or null when absent, tampered with or expired. */
  async read(cookieHeader: string | undefined): Promise<KnownDevice | null> {
    const sealed = cookieHeader ? parseCookie(cookieHeader)[DEVICE_COOKIE_NAME] : undefined;
    if (!sealed) return null;
    const data = await unsealData<Partial<KnownDevice>>(sealed, { password: this.secret, ttl: DEVICE_TTL_SECONDS });
    return typeof data.username === 'string' && typeof data.deviceId === 'string' ? { username: data.username, deviceId: data.deviceId } : null;
  }

  /** Marks the browser as `username`'s, keeping its id when it had one. */
  async issue(username: string, known: KnownDevice | null): Promise<string> {
    const device: KnownDevice = { username, deviceId: known?.deviceId ?? randomUUID() };
    const sealed = await sealData(device, { password: this.secret, ttl: DEVICE_TTL_SECONDS });
    return stringifySetCookie({
      name: DEVICE_COOKIE_NAME,
      value: sealed,
      maxAge: DEVICE_TTL_SECONDS,
      // Only the sign-in calls need it.
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
    });
  }
}
