import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisClient } from '../../db/redis.js';
import { startCluster, type Cluster } from '../../test/cluster.js';
import { listen } from '../../test/live-client.js';
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

  it('holds a pair on one server after failures counted on the other', async () => {
    const attempt = { address: '198.51.100.7', username: 'Admin', device: null };
    for (let failure = 0; failure < FAILURES_PER_PAIR; failure++) await (await first.admit(attempt)).failed();
    await expect(second.admit({ ...attempt, username: 'admin' })).rejects.toMatchObject({ code: 'too_many_requests' });
    await first.admit({ ...attempt, address: '198.51.100.8' });
  });

  it('lets a pair go on one server after a success on the other', async () => {
    const attempt = { address: '198.51.100.9', username: 'lead', device: null };
    for (let failure = 0; failure < FAILURES_PER_PAIR - 1; failure++) await (await first.admit(attempt)).failed();
    await (await second.admit(attempt)).succeeded();
    for (let failure = 0; failure < FAILURES_PER_PAIR; failure++) await (await first.admit(attempt)).failed();
    await expect(second.admit(attempt)).rejects.toMatchObject({ code: 'too_many_requests' });
  });
});

describe.skipIf(redis.skip)(`a burst of sign-ins spread over two servers sharing Redis${redis.reason && ` (${redis.reason})`}`, () => {
  let cluster: Cluster;
  let urls: string[];

  beforeAll(async () => {
    requireRedis(redis);
    cluster = await startCluster(2, redis.url);
    urls = await Promise.all(cluster.servers.map((server) => listen(server.server)));
  });

  afterAll(() => cluster?.stop());

  it('checks no more passwords than the pair allows, on both servers together', async () => {
    // Every request comes from this machine: one address, one username, half to each server.
    const statuses = await Promise.all(
      Array.from({ length: 150 }, async (_, index) => {
        const response = await fetch(`${urls[index % urls.length]!}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'hannah', password: `guess-${index}` }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES_PER_PAIR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150 - FAILURES_PER_PAIR);
  });
});
