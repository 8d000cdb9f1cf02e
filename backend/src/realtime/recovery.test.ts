import { LIVE_EVENTS, type TPresenceEvent } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, connectClient, disconnected, listen, type LiveClient } from '../test/live-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

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

/** A tab that reconnects only when told, so a test can act while it is away. */
async function tab(cookie: string): Promise<LiveClient> {
  let heartbeats: EventLog<typeof LIVE_EVENTS.heartbeat> | undefined;
  const client = await connectClient(url, cookie, { reconnection: false, prepare: (socket) => (heartbeats = new EventLog(socket, LIVE_EVENTS.heartbeat)) });
  clients.push(client);
  // Its first offset (the heartbeat that follows the handshake) must have arrived before it drops.
  await heartbeats?.next();
  return client;
}

/** Cuts the connection under the socket, as a network drop would (not a clean disconnect). */
async function drop(client: LiveClient): Promise<void> {
  const gone = disconnected(client);
  client.io.engine.close();
  await gone;
}

function reconnect(client: LiveClient): Promise<string> {
  return new Promise((resolve) => {
    client.once('connect', () => resolve('connected'));
    client.once('connect_error', (error) => resolve(error.message));
    client.connect();
  });
}

describe('connection state recovery', () => {
  it('delivers the events a client missed during a short disconnection, with its rooms and presence', async () => {
    const v2mom = await fx.v2mom('member');
    const [memberCookie, adminCookie] = [await app.login('member'), await app.login('admin')];
    const member = await tab(memberCookie);
    const changes = new EventLog(member, LIVE_EVENTS.entityChanged);
    await member.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'editing' });
    const admin = await connectClient(url, adminCookie);
    clients.push(admin);
    const presence = new EventLog(admin, LIVE_EVENTS.presenceChanged);
    await admin.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' });
    const withMember = (event: TPresenceEvent) => event.members.some((m) => m.name === 'Morgan Diaz');

    await drop(member);
    await presence.next((event) => event.v2momId === v2mom.id && !withMember(event));
    const seenWhileAway = presence.received.length;
    const written = await app
      .http()
      .put(`/api/methods/${v2mom.method.id}`)
      .set('Cookie', adminCookie)
      .send({ version: v2mom.method.version, progress: 60 })
      .expect(200);

    expect(await reconnect(member)).toBe('connected');
    expect(member.recovered).toBe(true);
    const missed = await changes.next((event) => event.entity === 'method' && event.id === v2mom.method.id);
    expect(missed.version).toBe(written.body.version);
    // Back in the V2MOM's room, editing, without joining again.
    const back = await presence.next((event) => presence.received.indexOf(event) >= seenWhileAway && withMember(event));
    expect(back.members.find((m) => m.name === 'Morgan Diaz')?.mode).toBe('editing');
  });

  it('does not let a client back in after its session logged out while it was away', async () => {
    const cookie = await app.login('member');
    const member = await tab(cookie);
    await drop(member);
    await app.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect(await reconnect(member)).toBe('unauthorized');
    expect(member.connected).toBe(false);
  });
});
