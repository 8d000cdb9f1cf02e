import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisClient } from '../db/redis.js';
import { forgetRedisKeys, requireRedis, testRedis } from '../test/redis.js';
import { sharedDataGeneration, type DataGeneration, type Generation } from './data-generation.js';

const redis = await testRedis('the shared data generation test');

describe.skipIf(redis.skip)(`the data generation of servers sharing Redis${redis.reason && ` (${redis.reason})`}`, () => {
  const prefix = `v2mom-test-${randomBytes(4).toString('hex')}`;
  const logger = pino({ level: 'silent' });
  const clients: RedisClient[] = [];
  let first: DataGeneration;
  let second: DataGeneration;

  beforeAll(async () => {
    requireRedis(redis);
    clients.push(await connectRedis(redis.url, logger), await connectRedis(redis.url, logger));
    first = sharedDataGeneration({ redis: clients[0]!, prefix }, logger);
    second = sharedDataGeneration({ redis: clients[1]!, prefix }, logger);
  });

  afterAll(async () => {
    for (const client of clients) if (client.isOpen) client.destroy();
    if (redis.up) await forgetRedisKeys(redis.url, prefix);
  });

  const id = async (generation: DataGeneration) => (await generation.current())?.id;

  it('begins one history for every server before any write, then moves on every write, wherever it was made', async () => {
    const before = await id(first);
    expect(before).toBeDefined();
    expect(await id(second)).toBe(before);
    await first.advance([]);
    const after = await id(second);
    expect(after).not.toBe(before);
    expect(await id(first)).toBe(after);
    expect((await second.current())!.at).toBeLessThanOrEqual(Date.now());
  });

  it("moves a topic's generation on every server when a write touches it, and no other topic's", async () => {
    const before = await second.topics(['method', 'v2mom']);
    expect(before).toHaveLength(2);
    expect(await first.topics(['method', 'v2mom'])).toEqual(before);
    await first.advance(['method']);
    const after = await second.topics(['method', 'v2mom']);
    expect(after?.[0]).not.toBe(before?.[0]);
    expect(after?.[1]).toBe(before?.[1]);
  });

  it("gives a write's place back in the round trip that moves the generations on", async () => {
    const place = { key: `${prefix}:writes-in-flight:7`, holder: 'a write' };
    await clients[0]!.zAdd(place.key, [{ score: Date.now() + 30_000, value: place.holder }, { score: Date.now() + 30_000, value: 'another' }]);
    const before = await second.topics(['method']);
    expect(await first.advance(['method'], place)).toBe(true);
    expect(await second.topics(['method'])).not.toEqual(before);
    expect(await clients[1]!.zRange(place.key, 0, -1)).toEqual(['another']);
  });

  it('is unknown while its Redis connection is down, and new after it reconnects, even with the key unchanged', async () => {
    const before = await id(second);
    const topicsBefore = await second.topics(['method']);
    // Asked at the moment the client starts to reconnect, before it is back.
    const whileDown = new Promise<Generation | undefined>((resolve) => clients[1]!.once('reconnecting', () => resolve(second.current())));
    const topicsWhileDown = new Promise<string[] | undefined>((resolve) => clients[1]!.once('reconnecting', () => resolve(second.topics(['method']))));
    const reconnected = new Promise((resolve) => clients[1]!.once('ready', resolve));
    // Ends the connection from the Redis side; the client reconnects by itself.
    await clients[0]!.sendCommand(['CLIENT', 'KILL', 'ID', String(await clients[1]!.clientId())]);
    expect(await whileDown).toBeUndefined();
    expect(await topicsWhileDown).toBeUndefined();
    await reconnected;
    const after = await id(second);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await second.topics(['method'])).not.toEqual(topicsBefore);
    expect(await id(first)).not.toBe(after); // the other server's connection never dropped
  });

  it('starts a new history when Redis lost the key, never the one before', async () => {
    const before = await id(first);
    const topicsBefore = await first.topics(['v2mom']);
    await clients[0]!.del([`${prefix}:data-generation`, `${prefix}:data-history`]);
    const after = await id(first);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const topicsAfter = await first.topics(['v2mom']);
    expect(topicsAfter).toBeDefined();
    expect(topicsAfter).not.toEqual(topicsBefore);
  });
});
