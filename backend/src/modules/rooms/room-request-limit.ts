import { ROOM_REQUESTS_PER_MINUTE } from '@v2mom/contracts';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRateLimiter, type SharedStore } from '../../db/redis.js';
import { tooManyRequests } from '../shared/too-many-requests.js';

/**
 * How fast one address may use meeting-room links (docs/PRODUCT.md#meeting-room-links): reads and
 * socket handshakes together, counted before the token is looked up, on every server that shares
 * Redis (as the sign-in throttle counts), so no flood of tokens reaches the database.
 */
export class RoomRequestLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(store?: SharedStore) {
    this.limiter = sharedRateLimiter({ keyPrefix: 'room-requests', points: ROOM_REQUESTS_PER_MINUTE, duration: 60 }, store);
  }

  /** Counts one request from this address; throws 429 past the limit. */
  async admit(address: string): Promise<void> {
    try {
      await this.limiter.consume(address);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw tooManyRequests('This screen is asking too often.', refusal.msBeforeNext);
      throw refusal;
    }
  }
}
