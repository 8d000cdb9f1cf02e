import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRateLimiter, type SharedStore } from '../../db/redis.js';
import { AppError } from '../../http/app-error.js';
import { tooManyRequests } from '../shared/too-many-requests.js';
import { normaliseUsername } from '../users/users.service.js';
import type { KnownDevice } from './device-cookie.js';

const WINDOW_SECONDS = 15 * 60;
/** Passwords checked of one username from one address (no known browser) before that pair must wait. */
export const FAILURES_PER_PAIR = 5;
/** Passwords checked from one address (no known browser), whatever the usernames, before it must wait. */
export const FAILURES_PER_ADDRESS = 20;
/** Passwords checked from a browser where the user signed in before, before that browser must wait. */
export const FAILURES_PER_KNOWN_DEVICE = 5;
/** Failures of one username, from anywhere, before each further one makes the next attempt wait. */
export const FREE_FAILURES_PER_USERNAME = 10;
/** The longest the growing wait gets. */
const MAX_USERNAME_WAIT_SECONDS = 60;
/** How long a username's turn is held for an attempt whose server never answers (a password takes well under a second). */
const USERNAME_TURN_SECONDS = 10;
/** How long an address where the user signed in is theirs, for the username's wait (under the 24.8 days a timer holds). */
const KNOWN_ADDRESS_SECONDS = 14 * 24 * 60 * 60;

/** One sign-in attempt (or a password change, which proves the same password). */
export interface SignInAttempt {
  address: string;
  username: string;
  /** The browser's device cookie, if it has one. */
  device: KnownDevice | null;
}

/** An attempt the throttle let through: its password is checked, then the outcome reported once. */
export interface AdmittedAttempt {
  /**
   * The password was wrong: what the attempt reserved stays counted. Answers true for the one
   * failure that starts a burst: the one that reaches a limit (or starts the username's wait),
   * which the audit log records once per burst (docs/PRODUCT.md#audit-log-api).
   */
  failed(): Promise<boolean>;
  /** The password was right: only failures count, so what it reserved is given back. */
  succeeded(): Promise<void>;
}

function tooManyAttempts(msBeforeNext: number): AppError {
  return tooManyRequests('Too many login attempts.', msBeforeNext);
}

/** A point one attempt took from a limiter, to keep or give back. */
interface Reservation {
  limiter: RateLimiterAbstract;
  key: string;
}

/** Takes one point at once (one atomic step in memory or in Redis); refused when the limit was already reached. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<{ taken: RateLimiterRes } | { refused: RateLimiterRes }> {
  try {
    return { taken: await limiter.consume(key) };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { refused: refusal };
    throw refusal;
  }
}

async function giveBack(reservations: readonly Reservation[]): Promise<void> {
  await Promise.all(reservations.map(({ limiter, key }) => limiter.reward(key, 1)));
}

/**
 * Slows password guessing without handing anyone a way to keep others out
 * (docs/PRODUCT.md#sign-in-throttle). Only failures count:
 * - from a browser where the user signed in before (its device cookie names them), only that
 *   browser's own failures count, so others' failures never refuse their correct password;
 * - from anywhere else, per (username, address) pair and per address, each with a limit per
 *   15 minutes, and per username with a growing wait (1, 2, 4 … up to 60 s) after the first few,
 *   which slows guessing spread over many addresses but never locks the account. An address
 *   where the user signed in lately skips that wait, so guesses from elsewhere never hold them.
 * Each attempt reserves its points before its password is checked and a success gives them
 * back, so attempts sent at once cannot all pass a limit that none of them has reached yet.
 * Counters live in Redis when the servers share one (`REDIS_URL`), so every server sees them;
 * otherwise in this process's memory.
 */
export class LoginThrottle {
  private readonly byPair: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly byKnownDevice: RateLimiterAbstract;
  private readonly usernameFailures: RateLimiterAbstract;
  /** One attempt at a time for a username past its free failures; a failure holds it for the wait. */
  private readonly usernameTurn: RateLimiterAbstract;
  private readonly knownAddresses: RateLimiterAbstract;

  constructor(store?: SharedStore) {
    const limiter = (options: Parameters<typeof sharedRateLimiter>[0]) => sharedRateLimiter(options, store);
    this.byPair = limiter({ keyPrefix: 'login-pair', points: FAILURES_PER_PAIR, duration: WINDOW_SECONDS });
    this.byAddress = limiter({ keyPrefix: 'login-address', points: FAILURES_PER_ADDRESS, duration: WINDOW_SECONDS });
    this.byKnownDevice = limiter({ keyPrefix: 'login-device', points: FAILURES_PER_KNOWN_DEVICE, duration: WINDOW_SECONDS });
    this.usernameFailures = limiter({ keyPrefix: 'login-username', points: Number.MAX_SAFE_INTEGER, duration: WINDOW_SECONDS });
    this.usernameTurn = limiter({ keyPrefix: 'login-username-turn', points: 1, duration: USERNAME_TURN_SECONDS });
    this.knownAddresses = limiter({ keyPrefix: 'login-known-address', points: 1, duration: KNOWN_ADDRESS_SECONDS });
  }

  /** Reserves this attempt's points before its password is checked; throws 429 when it must wait. */
  async admit(attempt: SignInAttempt): Promise<AdmittedAttempt> {
    const device = this.knownDevice(attempt);
    if (device) {
      const key = this.deviceKey(device);
      const { consumedPoints } = await this.reserve(this.byKnownDevice, key, []);
      return {
        failed: async () => consumedPoints === FAILURES_PER_KNOWN_DEVICE,
        succeeded: async () => {
          await this.byKnownDevice.delete(key);
        },
      };
    }
    const username = normaliseUsername(attempt.username);
    const pairKey = this.pairKey(attempt);
    const reserved: Reservation[] = [];
    const pair = await this.reserve(this.byPair, pairKey, reserved);
    const address = await this.reserve(this.byAddress, attempt.address, reserved);
    const failures = await this.reserve(this.usernameFailures, username, reserved);
    if (failures.consumedPoints > FREE_FAILURES_PER_USERNAME && !(await this.knownAddresses.get(pairKey))) {
      await this.reserve(this.usernameTurn, username, reserved);
    }
    return {
      failed: async () => {
        if (failures.consumedPoints >= FREE_FAILURES_PER_USERNAME) {
          await this.usernameTurn.block(username, Math.min(2 ** (failures.consumedPoints - FREE_FAILURES_PER_USERNAME), MAX_USERNAME_WAIT_SECONDS));
        }
        return (
          pair.consumedPoints === FAILURES_PER_PAIR ||
          address.consumedPoints === FAILURES_PER_ADDRESS ||
          failures.consumedPoints === FREE_FAILURES_PER_USERNAME
        );
      },
      // A success clears the pair's counter and gives back what it took from the others.
      succeeded: async () => {
        await Promise.all([
          this.byPair.delete(pairKey),
          giveBack(reserved.filter(({ limiter }) => limiter !== this.byPair)),
          this.knownAddresses.set(pairKey, 1, KNOWN_ADDRESS_SECONDS),
        ]);
      },
    };
  }

  /** Takes a point, or gives back what the attempt took so far and refuses it. */
  private async reserve(limiter: RateLimiterAbstract, key: string, reserved: Reservation[]): Promise<RateLimiterRes> {
    const outcome = await take(limiter, key);
    if ('refused' in outcome) {
      await giveBack(reserved);
      throw tooManyAttempts(outcome.refused.msBeforeNext);
    }
    reserved.push({ limiter, key });
    return outcome.taken;
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
