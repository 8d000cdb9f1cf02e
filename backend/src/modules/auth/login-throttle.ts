import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRateLimiter, type SharedStore } from '../../db/redis.js';
import { AppError } from '../../http/app-error.js';
import { normaliseUsername } from '../users/users.service.js';
import type { KnownDevice } from './device-cookie.js';

const WINDOW_SECONDS = 15 * 60;
/** Failures of one username from one address (no known browser) before that pair must wait. */
export const FAILURES_PER_PAIR = 5;
/** Failures from one address (no known browser), whatever the usernames, before it must wait. */
export const FAILURES_PER_ADDRESS = 20;
/** Failures from a browser where the user signed in before, before that browser must wait. */
export const FAILURES_PER_KNOWN_DEVICE = 5;
/** Failures of one username, from anywhere, before each further one makes the next attempt wait. */
export const FREE_FAILURES_PER_USERNAME = 10;
/** The longest the growing wait gets. */
const MAX_USERNAME_WAIT_SECONDS = 60;

/** One sign-in attempt (or a password change, which proves the same password). */
export interface SignInAttempt {
  address: string;
  username: string;
  /** The browser's device cookie, if it has one. */
  device: KnownDevice | null;
}

function tooManyAttempts(msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? plural(retryAfterSeconds, 'second') : plural(minutes, 'minute');
  return new AppError('too_many_requests', `Too many login attempts. Please try again in ${wait}.`, { retryAfterSeconds });
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * Slows password guessing without handing anyone a way to keep others out
 * (docs/PRODUCT.md#sign-in-throttle). Only failures count:
 * - from a browser where the user signed in before (its device cookie names them), only that
 *   browser's own failures count, so others' failures never refuse their correct password;
 * - from anywhere else, per (username, address) pair and per address, each with a limit per
 *   15 minutes, and per username with a growing wait (1, 2, 4 … up to 60 s) after the first few,
 *   which slows guessing spread over many addresses but never locks the account.
 * Counters live in Redis when the servers share one (`REDIS_URL`), so every server sees them;
 * otherwise in this process's memory.
 */
export class LoginThrottle {
  private readonly byPair: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly byKnownDevice: RateLimiterAbstract;
  private readonly usernameFailures: RateLimiterAbstract;
  private readonly usernameWait: RateLimiterAbstract;

  constructor(store?: SharedStore) {
    const limiter = (options: Parameters<typeof sharedRateLimiter>[0]) => sharedRateLimiter(options, store);
    this.byPair = limiter({ keyPrefix: 'login-pair', points: FAILURES_PER_PAIR, duration: WINDOW_SECONDS });
    this.byAddress = limiter({ keyPrefix: 'login-address', points: FAILURES_PER_ADDRESS, duration: WINDOW_SECONDS });
    this.byKnownDevice = limiter({ keyPrefix: 'login-device', points: FAILURES_PER_KNOWN_DEVICE, duration: WINDOW_SECONDS });
    this.usernameFailures = limiter({ keyPrefix: 'login-username', points: Number.MAX_SAFE_INTEGER, duration: WINDOW_SECONDS });
    this.usernameWait = limiter({ keyPrefix: 'login-username-wait', points: 1, duration: MAX_USERNAME_WAIT_SECONDS });
  }

  /** Throws 429 when this attempt must wait. */
  async admit(attempt: SignInAttempt): Promise<void> {
    const device = this.knownDevice(attempt);
    const limits = device
      ? [[this.byKnownDevice, this.deviceKey(device)] as const]
      : ([
          [this.byPair, this.pairKey(attempt)],
          [this.byAddress, attempt.address],
          [this.usernameWait, normaliseUsername(attempt.username)],
        ] as const);
    for (const [limiter, key] of limits) {
      const used = await limiter.get(key);
      if (used && used.remainingPoints <= 0) throw tooManyAttempts(used.msBeforeNext);
    }
  }

  /**
   * Counts a failure. Answers true for the one failure that starts a burst: the one that reaches a
   * limit (or starts the username's wait), which the audit log records once per burst
   * (docs/PRODUCT.md#audit-log-api).
   */
  async recordFailure(attempt: SignInAttempt): Promise<boolean> {
    const device = this.knownDevice(attempt);
    if (device) {
      const { consumedPoints } = await this.byKnownDevice.penalty(this.deviceKey(device));
      return consumedPoints === FAILURES_PER_KNOWN_DEVICE;
    }
    const username = normaliseUsername(attempt.username);
    const [pair, address, { consumedPoints: failures }] = await Promise.all([
      this.byPair.penalty(this.pairKey(attempt)),
      this.byAddress.penalty(attempt.address),
      this.usernameFailures.penalty(username),
    ]);
    if (failures >= FREE_FAILURES_PER_USERNAME) {
      await this.usernameWait.block(username, Math.min(2 ** (failures - FREE_FAILURES_PER_USERNAME), MAX_USERNAME_WAIT_SECONDS));
    }
    return pair.consumedPoints === FAILURES_PER_PAIR || address.consumedPoints === FAILURES_PER_ADDRESS || failures === FREE_FAILURES_PER_USERNAME;
  }

  /** A correct password clears the counter of the way it came in (a known browser, or the pair). */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    const device = this.knownDevice(attempt);
    await (device ? this.byKnownDevice.delete(this.deviceKey(device)) : this.byPair.delete(this.pairKey(attempt)));
  }

  private knownDevice({ device, username }: SignInAttempt): KnownDevice | null {
    return device && device.username === normaliseUsername(username) ? device : null;
  }

  private pairKey({ address, username }: SignInAttempt): string {
    return `${normaliseUsername(username)}|${address}`;
  }

  private deviceKey(device: KnownDevice): string {
    return `${device.username}|${device.deviceId}`;
  }
}
