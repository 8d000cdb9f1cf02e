import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../test/cluster.js';
import { forgetRedisKeys, requireRedis, testRedis } from '../test/redis.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { connectRedis, type RedisClient } from './redis.js';

const redis = await testRedis('the Redis connection test');

describe.skipIf(redis.skip)(`a Redis connection while Redis is away${redis.reason && ` (${redis.reason})`}`, () => {
  const prefix = `v2mom-test-${randomBytes(4).toString('hex')}`;
  const logger = pino({ level: 'silent' });
  const clients: RedisClient[] = [];
  let proxy: TcpProxy | undefined;

  afterAll(async () => {
    for (const client of clients) if (client.isOpen) client.destroy();
    await proxy?.down();
    if (redis.up) await forgetRedisKeys(redis.url, prefix);
  });

  it('refuses a command at once by default; asked to wait, keeps as many as it may and sends them once Redis is back', async () => {
    requireRedis(redis);
    proxy = await TcpProxy.start(redis.url);
    const refusing = await connectRedis(proxy.url(redis.url), logger);
    const waiting = await connectRedis(proxy.url(redis.url), logger, { whileAway: { queueLength: 2 } });
    clients.push(refusing, waiting);
    const key = `${prefix}:kept`;

    await proxy.down();
    await until(async () => !refusing.isReady && !waiting.isReady);
    await expect(refusing.set(key, 'refused')).rejects.toThrow(/offline/i);
    const kept = [waiting.set(key, 'kept'), waiting.get(key)];
    await expect(waiting.get(key)).rejects.toThrow(/queue is full/i);

    await proxy.up();
    await expect(Promise.all(kept)).resolves.toEqual(['OK', 'kept']);
    await until(async () => refusing.isReady);
    expect(await refusing.get(key)).toBe('kept');
  });
});
