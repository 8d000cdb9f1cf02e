import { COMMENT_POSTS_PER_MINUTE } from '@v2mom/contracts';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRateLimiter, type SharedStore } from '../../db/redis.js';
import { tooManyRequests } from '../shared/too-many-requests.js';

/**
 * How fast one person may post comments (docs/PRODUCT.md#comments): COMMENT_POSTS_PER_MINUTE posts
 * and edits together, since an edit sends a new text as a post does, counted per person on every
 * server that shares Redis, so a flood gets 429s and nobody else waits.
 */
export class CommentPostLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(store?: SharedStore) {
    this.limiter = sharedRateLimiter({ keyPrefix: 'comment-posts', points: COMMENT_POSTS_PER_MINUTE, duration: 60 }, store);
  }

  /** Counts one post or edit by this person; throws 429 past the limit. */
  async admit(userId: number): Promise<void> {
    try {
      await this.limiter.consume(String(userId));
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw tooManyRequests('You are posting comments too fast.', refusal.msBeforeNext);
      throw refusal;
    }
  }
}
