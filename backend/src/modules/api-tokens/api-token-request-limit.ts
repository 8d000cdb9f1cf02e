import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRateLimiter, type SharedStore } from '../../db/redis.js';
import { tooManyRequests } from '../shared/too-many-requests.js';

/**
 * How fast one personal access token may call the API (docs/PRODUCT.md#api-tokens), counted on
 * every server that shares Redis, as the meeting-room links' rate is.
 */
export class ApiTokenRequestLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(requestsPerMinute: number, store?: SharedStore) {
    this.limiter = sharedRateLimiter({ keyPrefix: 'api-token-requests', points: requestsPerMinute, duration: 60 }, store);
  }

  /** Counts one request of the token with this digest; throws 429 past the limit. */
  async admit(secretHash: string): Promise<void> {
    try {
      await this.limiter.consume(secretHash);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw tooManyRequests('This API token is calling too often.', refusal.msBeforeNext);
      throw refusal;
    }
  }
}
