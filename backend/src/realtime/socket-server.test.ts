import type { TCapability, TRole } from '@v2mom/contracts';
import { LIVE_EVENTS, SOCKET_COMMANDS_PER_SECOND, SOCKET_MAX_PAYLOAD_BYTES, USER_COMMANDS_PER_SECOND, ZTemporaryPasswordResponseSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSession } from '../modules/auth/user-session.entity.js';
import { User } from '../modules/users/user.entity.js';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, connectClient, disconnected, handshake, listen, type LiveClient } from '../test/live-client.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../test/test-app.js';
import { COMMAND_ERRORS } from './socket-commands.js';
import { PASSWORD_CHANGE_REQUIRED_ERROR } from './socket-server.js';

let app: TestApp;
let url: string;
let fx: Fixtures;
const clients: LiveClient[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  url = await listen(app.server);
  fx = fixtures(app.orm);
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await app.stop();
});

async function tab(cookie: string): Promise<LiveClient> {
  const client = await connectClient(url, cookie);
  clients.push(client);
  return client;
}

describe('socket handshake', () => {
  it('refuses a connection without a session cookie', async () => {
    expect(await handshake(url, {})).toBe('unauthorized');
  });

  it('refuses a cookie whose session was logged out', async () => {
    const cookie = await app.login('member');
    await app.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect(await handshake(url, { cookie })).toBe('unauthorized');
  });

  it('accepts a live session cookie', async () => {
    const cookie = await app.login('member');
    expect(await handshake(url, { cookie })).toBe('connected');
  });

  it('refuses a handshake from a foreign origin even with a valid cookie', async () => {
    const cookie = await app.login('member');
    expect(await handshake(url, { cookie, origin: 'https://evil.example' })).not.toBe('connected');
  });

  it('refuses a user who must still replace a temporary password, and accepts them once they did', async () => {
    const { id } = await freshAccount();
    const admin = await app.login('admin');
    const reset = await app.http().post(`/api/admin/users/${id}/password`).set('Cookie', admin).send({}).expect(200);
    const temporaryPassword = ZTemporaryPasswordResponseSchema.parse(reset.body).temporaryPassword;
    const held = await app.login(`live-${accounts}`, temporaryPassword);

    expect(await handshake(url, { cookie: held })).toBe(PASSWORD_CHANGE_REQUIRED_ERROR);

    const changed = await app.http().post('/api/auth/password').set('Cookie', held).send({ currentPassword: temporaryPassword, newPassword: DEMO_PASSWORD }).expect(200);
    const renewed = [changed.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('v2mom_session='))!.split(';')[0]!;
    expect(await handshake(url, { cookie: renewed })).toBe('connected');
  });

  it('accepts the app’s own origin', async () => {
    const cookie = await app.login('member');
    expect(await handshake(url, { cookie, origin: url })).toBe('connected');
  });
});

describe('a connected socket', () => {
  it('gets a heartbeat at once, so it holds an offset to recover from', async () => {
    let heartbeats: EventLog<typeof LIVE_EVENTS.heartbeat> | undefined;
    const client = await connectClient(url, await app.login('member'), {
      prepare: (socket) => (heartbeats = new EventLog(socket, LIVE_EVENTS.heartbeat)),
    });
    clients.push(client);
    expect(Date.parse((await heartbeats?.next())?.at ?? '')).not.toBeNaN();
  });

  it('is disconnected when its session logs out, while the same user’s other session stays', async () => {
    const [laptop, phone] = [await app.login('member'), await app.login('member')];
    const [laptopTab, secondLaptopTab, phoneTab] = [await tab(laptop), await tab(laptop), await tab(phone)];
    const ends = [disconnected(laptopTab), disconnected(secondLaptopTab)];

    await app.http().post('/api/auth/logout').set('Cookie', laptop).expect(200);

    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await phoneTab.emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 })).toEqual({ data: null });
  });

  it('is disconnected when its user changes the password, in every session (the caller gets a new one), and no one else is', async () => {
    const [laptop, phone] = [await app.login('nina'), await app.login('nina')];
    const [laptopTab, phoneTab, someoneElsesTab] = [await tab(laptop), await tab(phone), await tab(await app.login('omar'))];
    const ended = [disconnected(laptopTab), disconnected(phoneTab)];

    const response = await app.http().post('/api/auth/password').set('Cookie', laptop).send({ currentPassword: 'demo1234', newPassword: 'a brand new one' }).expect(200);

    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const spent of [laptop, phone]) expect(await handshake(url, { cookie: spent })).toBe('unauthorized');
    // The caller's tab comes back with the session cookie the answer set.
    const renewed = [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith('v2mom_session='))!.split(';')[0]!;
    const reconnected = await tab(renewed);
    for (const live of [reconnected, someoneElsesTab]) {
      // Bounded, so a tab that was wrongly cut off fails here instead of timing the test out.
      expect(await live.timeout(5_000).emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 })).toEqual({ data: null });
      expect(live.connected).toBe(true);
    }
  });

  it('is disconnected when someone signs in again over its session', async () => {
    const cookie = await app.login('member');
    const client = await tab(cookie);
    const ended = disconnected(client);
    await app.http().post('/api/auth/login').set('Cookie', cookie).send({ username: 'viewer', password: 'demo1234' }).expect(200);
    expect(await ended).toBe('io server disconnect');
  });

  it(`is cut off when it sends a message over ${SOCKET_MAX_PAYLOAD_BYTES} bytes`, async () => {
    const client = await tab(await app.login('member'));
    const ended = disconnected(client);
    const raw = client as unknown as { emit(event: string, ...args: unknown[]): void };
    raw.emit(LIVE_EVENTS.focusItem, { v2momId: 1, item: { entity: 'method', key: 'x'.repeat(SOCKET_MAX_PAYLOAD_BYTES) } });
    expect(await ended).toBe('transport close');
  });
});

/** The disconnect reason, or 'still connected' after `withinMs`, so a socket that outlives its end fails instead of timing out. */
function endedWithin(client: LiveClient, withinMs: number): Promise<string> {
  return Promise.race([disconnected(client), new Promise<string>((resolve) => setTimeout(() => resolve('still connected'), withinMs))]);
}

let accounts = 0;
/** A fresh account of its own (role user, Marketing), signed in; its rights may change without touching other tests. */
async function freshAccount(): Promise<{ id: number; cookie: string }> {
  const username = `live-${++accounts}`;
  const id = await fx.user(username);
  await fx.password(username, DEMO_PASSWORD);
  return { id, cookie: await app.login(username) };
}

async function changeRights(userId: number, rights: { role?: TRole; capabilities?: TCapability[] }): Promise<void> {
  await app.orm.em.fork().nativeUpdate(User, { id: userId }, rights);
}

describe('a socket’s identity', () => {
  it('ends when its session expires, though nothing else happened, and cannot come back with it', async () => {
    const { id, cookie } = await freshAccount();
    // A few seconds from its end on the server's clock, which leaves a busy machine time to connect and ask once.
    await app.orm.em.fork().nativeUpdate(UserSession, { user: id }, { expiresAt: new Date(app.now().getTime() + 5_000) });
    const client = await tab(cookie);
    expect(await client.timeout(5_000).emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 })).toEqual({ data: null });

    expect(await endedWithin(client, 15_000)).toBe('io server disconnect');
    expect(await handshake(url, { cookie })).toBe('unauthorized');
  });

  it('checks a join against the user’s rights now, not those the socket connected with', async () => {
    const { id, cookie } = await freshAccount();
    const ownV2mom = await fx.v2mom(`live-${accounts}`);
    const client = await tab(cookie);
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: ownV2mom.id, mode: 'editing' })).toHaveProperty('data');

    await changeRights(id, { role: 'read_only' });
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: ownV2mom.id, mode: 'editing' })).toEqual({ error: COMMAND_ERRORS.mayNotEdit });
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: ownV2mom.id, mode: 'viewing' })).toHaveProperty('data');

    // And the other way: someone given manage_structure may edit anyone's V2MOM at once.
    await changeRights(id, { role: 'user', capabilities: ['manage_structure'] });
    const someoneElses = await fx.v2mom('member');
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: someoneElses.id, mode: 'editing' })).toHaveProperty('data');
  });

  it('ends every socket of a user whose access changed (live.disconnectUser), and no one else’s; they reconnect as they are now', async () => {
    const { id, cookie } = await freshAccount();
    const ownV2mom = await fx.v2mom(`live-${accounts}`);
    const [first, second, someoneElses] = [await tab(cookie), await tab(cookie), await tab(await app.login('omar'))];
    const ended = [disconnected(first), disconnected(second)];

    await changeRights(id, { role: 'read_only' });
    app.live.disconnectUser(id);

    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await someoneElses.timeout(5_000).emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 })).toEqual({ data: null });
    // The session itself lives on: the tab comes back, with the rights it has now.
    const back = await tab(cookie);
    expect(await back.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: ownV2mom.id, mode: 'editing' })).toEqual({ error: COMMAND_ERRORS.mayNotEdit });
  });
});

describe('live commands per user', () => {
  it(`takes ${USER_COMMANDS_PER_SECOND} a second from one user over all their tabs, each within its own ${SOCKET_COMMANDS_PER_SECOND}, and refuses the rest`, async () => {
    const { cookie } = await freshAccount();
    const tabs = [await tab(cookie), await tab(cookie), await tab(cookie)];
    const someoneElse = await tab(await app.login('omar'));

    const answers = (
      await Promise.all(
        tabs.map((client) =>
          Promise.all(Array.from({ length: SOCKET_COMMANDS_PER_SECOND }, () => client.emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 }))),
        ),
      )
    ).flat();

    expect(answers.filter((answer) => 'data' in answer)).toHaveLength(USER_COMMANDS_PER_SECOND);
    // The refusal quotes the bound that refused it: the user's, not one tab's.
    expect(COMMAND_ERRORS.tooFastForUser).toContain(`at most ${USER_COMMANDS_PER_SECOND} per second`);
    expect(answers.filter((answer) => 'error' in answer)).toEqual(
      Array(tabs.length * SOCKET_COMMANDS_PER_SECOND - USER_COMMANDS_PER_SECOND).fill({ error: COMMAND_ERRORS.tooFastForUser }),
    );
    for (const client of tabs) expect(client.connected).toBe(true);
    // Someone else's budget is their own.
    expect(await someoneElse.emitWithAck(LIVE_EVENTS.leaveV2mom, { v2momId: 1 })).toEqual({ data: null });
  });
});
