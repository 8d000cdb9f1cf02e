import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisClient } from '../../db/redis.js';
import { forgetRedisKeys, requireRedis, testRedis } from '../../test/redis.js';
import { FAILURES_PER_PAIR, LoginThrottle } from './login-throttle.js';

/**
 * With several servers (REDIS_URL) the throttle's counters live in Redis, so failures counted by
 * one server hold on every other. In CI this never skips: a missing Redis fails the run.
 */
const redis = await testRedis('the shared-throttle test');

describe.skipIf(redis.skip)(`the sign-in throttle on two servers sharing Redis${redis.reason && ` (${redis.reason})`}`, () => {
  const prefix = `v2mom-test-${randomBytes(4).toString('hex')}`;
  const clients: RedisClient[] = [];
  let first: LoginThrottle;
  let second: LoginThrottle;

  beforeAll(async () => {
    requireRedis(redis);
    const logger = pino({ level: 'silent' });
    clients.push(await connectRedis(redis.url, logger), await connectRedis(redis.url, logger));
    first = new LoginThrottle({ redis: clients[0]!, prefix });
    second = new LoginThrottle({ redis: clients[1]!, prefix });
  });

  afterAll(async () => {
    for (const client of clients) client.destroy();
    if (redis.up) await forgetRedisKeys(redis.url, prefix);
  });

  it('holds a pair on one server after failures counted on the other, and lets the pair go after a success there', async () => {
    const attempt = { address: '198.51.100.7', username: 'Admin', device: null };
    for (let failure = 0; failure < FAILURES_PER_PAIR; failure++) await first.recordFailure(attempt);
    await expect(second.admit({ ...attempt, username: 'admin' })).rejects.toMatchObject({ code: 'too_many_requests' });
    await first.admit({ ...attempt, address: '198.51.100.8' });

    await second.recordSuccess(attempt);
    await first.admit(attempt);
  });
});
