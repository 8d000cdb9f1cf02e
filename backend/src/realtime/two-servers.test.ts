import {
  ASSISTANT_TEXTS,
  LIVE_EVENTS,
  ROOM_EVENTS,
  ROOM_NAMESPACE,
  SOCKET_COMMANDS_PER_SECOND,
  USER_COMMANDS_PER_SECOND,
  ZMethodListSchema,
  type RoomServerToClientEvents,
} from '@v2mom/contracts';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../app.js';
import { startCluster, until, type Cluster } from '../test/cluster.js';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, connectClient, disconnected, listen, type LiveClient } from '../test/live-client.js';
import { requireRedis, testRedis } from '../test/redis.js';
import type { TestApp } from '../test/test-app.js';

/**
 * Two servers, as two replicas behind a load balancer would be: each its own bootstrap() with its
 * own HTTP port, read cache and sockets, sharing the database and Redis. In CI this never skips:
 * a missing Redis fails the run.
 */
const redis = await testRedis('the two-server test');

describe.skipIf(redis.skip)(`two servers sharing PostgreSQL and Redis${redis.reason && ` (${redis.reason})`}`, () => {
  let cluster: Cluster;
  let first: TestApp;
  let second: AppInstance;
  let urls: { first: string; second: string };
  let fx: Fixtures;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    requireRedis(redis);
    cluster = await startCluster(2, redis.url);
    [first, second] = [cluster.first, cluster.servers[1]!];
    urls = { first: await listen(first.server), second: await listen(second.server) };
    fx = fixtures(first.orm);
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await cluster?.stop();
  });

  async function tab(on: 'first' | 'second', cookie: string): Promise<LiveClient> {
    const client = await connectClient(urls[on], cookie);
    clients.push(client);
    return client;
  }

  it('delivers a write made through one server to a client connected to the other', async () => {
    const v2mom = await fx.v2mom('member');
    const viewer = await tab('second', await first.login('viewer'));
    const events = new EventLog(viewer, LIVE_EVENTS.entityChanged);
    const written = await first
      .http()
      .put(`/api/methods/${v2mom.method.id}`)
      .set('Cookie', await first.login('member'))
      .send({ version: v2mom.method.version, status: 'completed' })
      .expect(200);

    const event = await events.next((e) => e.entity === 'method' && e.id === v2mom.method.id);
    expect(event).toMatchObject({ operation: 'updated', version: written.body.version, v2momId: v2mom.id, actor: { name: 'Morgan Diaz' } });
  });

  it('has the other server drop its cached lists before its clients hear of the write', async () => {
    const v2mom = await fx.v2mom('member');
    const cookie = await first.login('admin');
    const listOnSecond = async () => {
      const response = await supertest(second.server).get(`/api/users/${v2mom.method.ownerId}/methods`).set('Cookie', cookie).expect(200);
      return ZMethodListSchema.parse(response.body).find((method) => method.id === v2mom.method.id);
    };
    expect((await listOnSecond())?.progress).not.toBe(77);
    const client = await tab('second', cookie);
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);

    await first.http().put(`/api/methods/${v2mom.method.id}`).set('Cookie', cookie).send({ version: v2mom.method.version, progress: 77 }).expect(200);
    await events.next((e) => e.entity === 'method' && e.id === v2mom.method.id);
    expect((await listOnSecond())?.progress).toBe(77);
  });

  const redisClient = () => createClient({ url: redis.url });
  /** Runs `use` on a connection of its own to the servers' Redis. */
  async function onRedis<T>(use: (client: ReturnType<typeof redisClient>) => Promise<T>): Promise<T> {
    const client = redisClient();
    await client.connect();
    try {
      return await use(client);
    } finally {
      client.destroy();
    }
  }

  /** The broadcasts the servers sent through the shared stream after `since` (a stream id) that `matches` picks. */
  function broadcastsSince(since: string, matches: (message: Record<string, string | undefined>) => boolean): Promise<number> {
    return onRedis(async (client) => ((await client.xRange(`${first.env.REDIS_PREFIX}:socket.io`, `(${since}`, '+')) ?? []).filter(({ message }) => matches(message)).length);
  }

  /** The `room:changed` broadcasts since `since`. */
  const roomBroadcastsSince = (since: string) => broadcastsSince(since, (message) => message.nsp === ROOM_NAMESPACE && (message.data ?? '').includes(ROOM_EVENTS.viewChanged));

  function lastStreamId(): Promise<string> {
    return onRedis(async (client) => {
      const [last] = (await client.xRevRange(`${first.env.REDIS_PREFIX}:socket.io`, '+', '-', { COUNT: 1 })) ?? [];
      return last?.id ?? '0-0';
    });
  }

  it('sends no meeting-room broadcast while no screen is open anywhere, and reaches a screen opened on the other server', async () => {
    const v2mom = await fx.v2mom('member');
    const cookie = await first.login('member');
    const watcher = await tab('second', await first.login('admin'));
    const events = new EventLog(watcher, LIVE_EVENTS.entityChanged);
    const since = await lastStreamId();
    let version = v2mom.method.version;
    const write = async (progress: number) => {
      version = (await first.http().put(`/api/methods/${v2mom.method.id}`).set('Cookie', cookie).send({ version, progress }).expect(200)).body.version as number;
      await events.next((e) => e.entity === 'method' && e.id === v2mom.method.id && e.version === version);
    };
    await write(11);

    // A screen opens on the second server: it is told to read its view once it is known to be open.
    const link = await fx.roomLink();
    const screen: Socket<RoomServerToClientEvents> = connect(`${urls.second}${ROOM_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: link.token } });
    try {
      const changes = { count: 0 };
      screen.on(ROOM_EVENTS.viewChanged, () => changes.count++);
      await until(async () => changes.count === 1);
      await write(12);
      await until(async () => changes.count === 2);
      // The first write, made while no screen was open, crossed Redis without a room broadcast.
      expect(await roomBroadcastsSince(since)).toBe(1);
    } finally {
      screen.disconnect();
    }
  });

  /** The `alignment:rollup` broadcasts since `since`. */
  const rollupBroadcastsSince = (since: string) => broadcastsSince(since, (message) => (message.data ?? '').includes(LIVE_EVENTS.alignmentRollup));

  it('reads and sends no alignment roll-up while no map is open anywhere, and sends it to a map opened on the other server alone', async () => {
    const v2mom = await fx.v2mom('member');
    const cookie = await first.login('member');
    const bystander = await tab('second', await first.login('admin'));
    const heardByBystander = new EventLog(bystander, LIVE_EVENTS.alignmentRollup);
    const events = new EventLog(bystander, LIVE_EVENTS.entityChanged);
    let version = v2mom.method.version;
    const write = async (progress: number) => {
      version = (await first.http().put(`/api/methods/${v2mom.method.id}`).set('Cookie', cookie).send({ version, progress }).expect(200)).body.version as number;
      await events.next((e) => e.entity === 'method' && e.id === v2mom.method.id && e.version === version);
      // Its roll-up, if any, has been read and sent.
      await first.live.settled();
    };

    const beforeAnyMap = await lastStreamId();
    await write(21);
    expect(await rollupBroadcastsSince(beforeAnyMap)).toBe(0);

    // A map opens on the second server: once acknowledged, a write through the first reaches it with the figures.
    const map = await tab('second', await first.login('viewer'));
    const rollups = new EventLog(map, LIVE_EVENTS.alignmentRollup);
    expect(await map.emitWithAck(LIVE_EVENTS.watchAlignment, { open: true })).toEqual({ data: null });
    await write(22);
    await rollups.next((event) => event.nodes.some((node) => node.id === v2mom.id));
    expect(heardByBystander.received).toEqual([]);

    // Closed, the map's server takes back its word; then a write sends nothing again.
    expect(await map.emitWithAck(LIVE_EVENTS.watchAlignment, { open: false })).toEqual({ data: null });
    const key = `${first.env.REDIS_PREFIX}:alignment-map-screen-servers`;
    await until(async () => (await onRedis((client) => client.zCard(key))) === 0);
    const heard = rollups.received.length;
    const afterClose = await lastStreamId();
    await write(23);
    expect(await rollupBroadcastsSince(afterClose)).toBe(0);
    expect(rollups.received).toHaveLength(heard);
  });

  it('shows presence across servers', async () => {
    const v2mom = await fx.v2mom('member');
    const member = await tab('first', await first.login('member'));
    await member.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'editing' });
    const admin = await tab('second', await first.login('admin'));
    const joined = await admin.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' });
    expect('data' in joined && joined.data.members.map((m) => `${m.name}:${m.mode}`)).toEqual(['Avery Admin:viewing', 'Morgan Diaz:editing']);
  });

  it('disconnects a session’s sockets on the other server when it logs out', async () => {
    const cookie = await first.login('member');
    const onSecond = await tab('second', cookie);
    const ended = disconnected(onSecond);
    await first.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('disconnects the user’s sockets on the other server after a password change, and no one else’s', async () => {
    const [laptop, phone] = [await first.login('nina'), await first.login('nina')];
    const [laptopTab, phoneTab, someoneElsesTab] = [await tab('second', laptop), await tab('second', phone), await tab('second', await first.login('omar'))];
    const ended = [disconnected(laptopTab), disconnected(phoneTab)];
    await first.http().post('/api/auth/password').set('Cookie', laptop).send({ currentPassword: 'demo1234', newPassword: 'a brand new one' }).expect(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await someoneElsesTab.timeout(5_000).emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 })).toEqual({ data: null });
  });

  it('recovers a dropped client from the shared stream', async () => {
    const v2mom = await fx.v2mom('member');
    const cookie = await first.login('viewer');
    let heartbeats: EventLog<typeof LIVE_EVENTS.heartbeat> | undefined;
    const client = await connectClient(urls.second, cookie, { reconnection: false, prepare: (s) => (heartbeats = new EventLog(s, LIVE_EVENTS.heartbeat)) });
    clients.push(client);
    await heartbeats?.next();
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const socketId = client.id;
    const gone = disconnected(client);
    client.io.engine.close();
    await gone;
    await until(async () => !(await second.live.io.fetchSockets()).some((socket) => socket.id === socketId));

    await first.http().put(`/api/values/${v2mom.value.id}`).set('Cookie', await first.login('admin')).send({ version: v2mom.value.version, description: 'Missed' }).expect(200);
    await new Promise<void>((resolve) => {
      client.once('connect', () => resolve());
      client.connect();
    });
    expect(client.recovered).toBe(true);
    await events.next((e) => e.entity === 'value' && e.id === v2mom.value.id);
  });

  it(`counts one user’s live commands on both servers together (${USER_COMMANDS_PER_SECOND} a second)`, async () => {
    const cookie = await first.login('priya');
    const tabs = [await tab('first', cookie), await tab('second', cookie), await tab('second', cookie)];
    const answers = (
      await Promise.all(
        tabs.map((client) =>
          Promise.all(Array.from({ length: SOCKET_COMMANDS_PER_SECOND }, () => client.emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 }))),
        ),
      )
    ).flat();
    expect(answers.filter((answer) => 'data' in answer)).toHaveLength(USER_COMMANDS_PER_SECOND);
    expect(answers.filter((answer) => 'error' in answer)).toHaveLength(tabs.length * SOCKET_COMMANDS_PER_SECOND - USER_COMMANDS_PER_SECOND);
  });

  it('runs one assistant reply per user across both servers, and frees the user when it ends', async () => {
    const cookie = await first.login('member');
    const [onFirst, onSecond] = [await tab('first', cookie), await tab('second', cookie)];
    const done = new EventLog(onFirst, LIVE_EVENTS.assistantDone);
    const started = await onFirst.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'How is team performance?' });
    if (!('data' in started)) throw new Error(`Refused: ${started.error}`);

    expect(await onSecond.emitWithAck(LIVE_EVENTS.assistantInsights, {})).toEqual({ error: ASSISTANT_TEXTS.busy });
    // Someone else, on either server, is not held up by it.
    expect(await (await tab('second', await first.login('admin'))).emitWithAck(LIVE_EVENTS.assistantInsights, {})).toHaveProperty('data');
    await done.next((event) => event.replyId === started.data.replyId);
    expect(await onSecond.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'And progress?' })).toHaveProperty('data');
  });
});
