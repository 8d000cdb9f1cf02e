import { RateLimiterMemory } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error.js';
import { normaliseUsername } from '../users/users.service.js';

const WINDOW_SECONDS = 15 * 60;
export const FAILURES_PER_ACCOUNT = 5;
export const FAILURES_PER_ADDRESS = 20;

function tooManyAttempts(msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('too_many_requests', `Too many login attempts. Please try again in ${wait}.`, { retryAfterSeconds });
}

/**
 * Slows password guessing: failed attempts (logins, and password changes with a wrong current
 * password) count against the account (keyed by lower-cased username, known or not) and
 * against the caller's address. Only failures count, so a whole
 * office signing in from behind one NAT address is never locked out. Counts live in this
 * process's memory, also when several servers share the load (`REDIS_URL`): each server counts
 * its own failures, so the limits apply per server, and a restart clears them.
 */
export class LoginThrottle {
  private readonly byAccount = new RateLimiterMemory({ keyPrefix: 'login-account', points: FAILURES_PER_ACCOUNT, duration: WINDOW_SECONDS });
  private readonly byAddress = new RateLimiterMemory({ keyPrefix: 'login-address', points: FAILURES_PER_ADDRESS, duration: WINDOW_SECONDS });

  /** Throws 429 when the address or the account has no attempts left. */
  async admit(address: string, username: string): Promise<void> {
    for (const [limiter, key] of [[this.byAddress, address], [this.byAccount, normaliseUsername(username)]] as const) {
      const used = await limiter.get(key);
      if (used && used.remainingPoints <= 0) throw tooManyAttempts(used.msBeforeNext);
    }
  }

  async recordFailure(address: string, username: string): Promise<void> {
    await Promise.all([this.byAddress.penalty(address), this.byAccount.penalty(normaliseUsername(username))]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.byAccount.delete(normaliseUsername(username));
  }
}

