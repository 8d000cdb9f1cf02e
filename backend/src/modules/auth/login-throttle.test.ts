import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisClient } from '../../db/redis.js';
import { loadEnv } from '../../env.js';
import { forgetRedisKeys, redisAnswers } from '../../test/redis.js';
import { FAILURES_PER_PAIR, LoginThrottle } from './login-throttle.js';

/**
 * With several servers (REDIS_URL) the throttle's counters live in Redis, so failures counted by
 * one server hold on every other. In CI this never skips: a missing Redis fails the run.
 */
const env = loadEnv({ NODE_ENV: 'test' });
const redisUrl = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(redisUrl);
const skipReason = `Redis does not answer at ${redisUrl} (set TEST_REDIS_URL): the shared-throttle test is skipped`;
if (!redisUp && !env.CI) console.warn(`\n  ⚠ ${skipReason}\n`);

describe.skipIf(!redisUp && !env.CI)(`the sign-in throttle on two servers sharing Redis${redisUp ? '' : ` (${skipReason})`}`, () => {
  const prefix = `v2mom-test-${randomBytes(4).toString('hex')}`;
  const clients: RedisClient[] = [];
  let first: LoginThrottle;
  let second: LoginThrottle;

  beforeAll(async () => {
    if (!redisUp) throw new Error(`CI needs Redis: ${skipReason}`);
    const logger = pino({ level: 'silent' });
    clients.push(await connectRedis(redisUrl, logger), await connectRedis(redisUrl, logger));
    first = new LoginThrottle({ redis: clients[0]!, prefix });
    second = new LoginThrottle({ redis: clients[1]!, prefix });
  });

  afterAll(async () => {
    for (const client of clients) client.destroy();
    if (redisUp) await forgetRedisKeys(redisUrl, prefix);
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
