import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisClient } from '../db/redis.js';
import { forgetRedisKeys, requireRedis, testRedis } from '../test/redis.js';
import { gatheringStreamReads } from './redis-adapter.js';

const redis = await testRedis('the stream reads test');

describe.skipIf(redis.skip)(`the servers' stream reads${redis.reason && ` (${redis.reason})`}`, () => {
  const prefix = `v2mom-test-${randomBytes(4).toString('hex')}`;
  const stream = `${prefix}:socket.io`;
  const clients: RedisClient[] = [];

  afterAll(async () => {
    for (const client of clients) if (client.isOpen) client.destroy();
    if (redis.up) await forgetRedisKeys(redis.url, prefix);
  });

  it('let broadcasts gather after a read that brought some, and read at once after one that brought none', async () => {
    requireRedis(redis);
    const waits: number[] = [];
    const client = gatheringStreamReads(await connectRedis(redis.url, pino({ level: 'silent' })), 25, async (ms) => waits.push(ms));
    const reader = client.duplicate();
    await reader.connect();
    clients.push(client, reader);
    const read = async (from: string) => {
      const reply = await reader.xRead([{ key: stream, id: from }], { COUNT: 100, BLOCK: 10 });
      return Array.isArray(reply) ? reply.flatMap((entries) => (entries as { messages: Array<{ id: string }> }).messages.map((entry) => entry.id)) : [];
    };

    const first = await client.xAdd(stream, '*', { n: '1' });
    expect(await read('0')).toEqual([first]);
    expect(waits).toEqual([]);

    const [second, third] = [await client.xAdd(stream, '*', { n: '2' }), await client.xAdd(stream, '*', { n: '3' })];
    expect(await read(first)).toEqual([second, third]);
    expect(waits).toEqual([25]);

    expect(await read(third)).toEqual([]);
    expect(waits).toEqual([25, 25]);
    // The last read brought nothing: the next is sent at once.
    const fourth = await client.xAdd(stream, '*', { n: '4' });
    expect(await read(third)).toEqual([fourth]);
    expect(waits).toEqual([25, 25]);
  });
});
