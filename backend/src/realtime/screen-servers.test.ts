import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRedis, type RedisClient, type SharedStore } from '../db/redis.js';
import { until } from '../test/cluster.js';
import { forgetRedisKeys, requireRedis, testRedis } from '../test/redis.js';
import { screenServers, type ScreenKind, type ScreenServers } from './screen-servers.js';

const redis = await testRedis('the room screens’ servers test');
const logger = pino({ level: 'silent' });

describe.skipIf(redis.skip)(`which servers have meeting-room screens open${redis.reason && ` (${redis.reason})`}`, () => {
  const prefix = `v2mom-test-${randomBytes(4).toString('hex')}`;
  const clients: RedisClient[] = [];
  const opened: ScreenServers[] = [];
  /** A server's view of it, on its own connection, counting how often its screens were told to read their view. */
  async function server(kind: ScreenKind = 'room', client?: RedisClient): Promise<{ servers: ScreenServers; store: SharedStore; readAgain: { count: number } }> {
    if (!client) {
      client = await connectRedis(redis.url, logger);
      clients.push(client);
    }
    const store = { redis: client, prefix };
    const readAgain = { count: 0 };
    const servers = screenServers(store, logger, kind, () => readAgain.count++);
    opened.push(servers);
    return { servers, store, readAgain };
  }

  beforeAll(() => requireRedis(redis));
  afterAll(async () => {
    for (const servers of opened) servers.close();
    for (const client of clients) await client.close();
    await forgetRedisKeys(redis.url, prefix);
  });

  it('says no only while no server has a screen open, and yes as soon as one opened anywhere', async () => {
    const [a, b] = [await server(), await server()];
    expect(await a.servers.anyOpen()).toBe(false);

    // The first screen on b says so, and has every screen there read its view once it is said.
    expect(await b.servers.opened()).toBe(true);
    expect(b.readAgain.count).toBe(1);
    expect(await a.servers.anyOpen()).toBe(true);
    expect(await b.servers.anyOpen()).toBe(true);
    // A second screen finds it said: it reads its view itself.
    expect(await b.servers.opened()).toBe(false);
    expect(b.readAgain.count).toBe(1);

    b.servers.closed();
    expect(await a.servers.anyOpen()).toBe(true);
    b.servers.closed();
    await until(async () => !(await a.servers.anyOpen()));
  });

  it('asks for every kind of screen asked in the same turn in one command, each answered for its own kind', async () => {
    const rooms = await server('room');
    const maps = await server('alignment-map', rooms.store.redis);
    const elsewhere = await server('alignment-map');
    await elsewhere.servers.opened();
    const commands = vi.spyOn(rooms.store.redis, 'eval');
    try {
      expect(await Promise.all([rooms.servers.anyOpen(), maps.servers.anyOpen(), maps.servers.anyOpen()])).toEqual([false, true, true]);
      expect(commands).toHaveBeenCalledTimes(1);
    } finally {
      commands.mockRestore();
      elsewhere.servers.closed();
    }
    await until(async () => !(await maps.servers.anyOpen()));
  });

  it('says yes when Redis cannot answer', async () => {
    const away = createClient({ url: redis.url });
    const servers = screenServers({ redis: away as unknown as RedisClient, prefix }, logger, 'room', () => {});
    expect(await servers.anyOpen()).toBe(true);
    servers.close();
  });

  it('says it again on a new connection, which may have lost the keys, and has its screens read their view', async () => {
    const [a, b] = [await server(), await server()];
    await b.servers.opened();
    const told = b.readAgain.count;
    // Redis lost the keys, as a restarted Redis would have, and b connects to it again.
    await a.store.redis.del(`${prefix}:room-screen-servers`);
    expect(await a.servers.anyOpen()).toBe(false);
    b.store.redis.emit('ready');
    await until(async () => b.readAgain.count === told + 1);
    expect(await a.servers.anyOpen()).toBe(true);
    b.servers.closed();
  });
});
