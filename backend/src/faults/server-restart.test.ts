import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import { LIVE_EVENTS } from '@v2mom/contracts';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, type AppInstance } from '../app.js';
import { openDatabase } from '../db/database.js';
import { loadEnv } from '../env.js';
import { checkedAgent } from '../test/documented-answers.js';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, connectClient, disconnected, type LiveClient } from '../test/live-client.js';
import { readEveryMethod, signedInReader } from '../test/paged-list.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { ormModel } from '../modules/orm-model.js';

/**
 * A server restarted under connected tabs (docs/PRODUCT.md#when-a-server-or-redis-is-away): the
 * new process on the same port knows nothing of the old one's sockets, so a reconnecting client
 * must be told it was not recovered, which makes the web client refetch every query
 * (frontend/src/app/live/live-bridge.ts), and must be back in its rooms for the next events.
 * `owner` holds the scratch database and plays the rest of the world writing while no server runs.
 */
const env = loadEnv({ NODE_ENV: 'test' });
const serverUrl = env.TEST_DATABASE_URL ?? env.DATABASE_URL;
// Skipped on the embedded database (make test-embedded): a second process cannot open it.
const skipReason = 'no PostgreSQL server (set TEST_DATABASE_URL): the server restart test is skipped';
if (!serverUrl) console.warn(`\n  ⚠ ${skipReason}\n`);

describe.skipIf(!serverUrl)(`a server restarted while clients are connected${serverUrl ? '' : ` (${skipReason})`}`, () => {
  let owner: TestApp;
  let clientUrl: string;
  let port = 0;
  let server: AppInstance | undefined;
  let fx: Fixtures;
  let viewerCookie: string;
  const clients: LiveClient[] = [];

  /** A new server process on the same database and, after the first, the same port. */
  async function startServer(): Promise<{ app: AppInstance; connections: Set<TcpSocket> }> {
    const app = await bootstrap({ env: owner.env, database: await openDatabase({ kind: 'postgresql', clientUrl, lockTimeoutMs: owner.env.DATABASE_LOCK_TIMEOUT_MS }, ormModel), clock: owner.clock });
    const connections = new Set<TcpSocket>();
    app.server.on('connection', (socket) => connections.add(socket));
    await new Promise<void>((resolve) => app.server.listen(port, '127.0.0.1', resolve));
    port = (app.server.address() as AddressInfo).port;
    server = app;
    return { app, connections };
  }

  beforeAll(async () => {
    owner = await startTestApp({ seed: 'demo' });
    const url = owner.orm.config.get('clientUrl');
    if (owner.database.driver !== 'postgresql' || !url) throw new Error('The scratch database is not on PostgreSQL');
    clientUrl = url;
    fx = fixtures(owner.orm);
    viewerCookie = await owner.login('viewer');
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await server?.close();
    server = undefined;
  });

  afterAll(() => owner?.stop());

  /** A client that has had its first heartbeat, so it holds an offset and will ask to recover. */
  async function connectedWithOffset(): Promise<LiveClient> {
    let heartbeats: EventLog<typeof LIVE_EVENTS.heartbeat> | undefined;
    const client = await connectClient(`http://127.0.0.1:${port}`, viewerCookie, {
      prepare: (socket) => (heartbeats = new EventLog(socket, LIVE_EVENTS.heartbeat)),
    });
    clients.push(client);
    await heartbeats?.next();
    return client;
  }

  async function writeWhileDown(): Promise<{ methodId: number; v2momId: number }> {
    const v2mom = await fx.v2mom('member');
    await owner
      .http()
      .put(`/api/methods/${v2mom.method.id}`)
      .set('Cookie', await owner.login('member'))
      .send({ version: v2mom.method.version, status: 'completed' })
      .expect(200);
    return { methodId: v2mom.method.id, v2momId: v2mom.id };
  }

  async function expectFreshAndLive(app: AppInstance, client: LiveClient, changed: number): Promise<void> {
    // Not recovered: the web client refetches, and the refetch shows the change made meanwhile.
    expect(client.recovered).toBe(false);
    const http = () => checkedAgent(supertest(app.server));
    const methods = await readEveryMethod(signedInReader(http, viewerCookie));
    expect(methods.find((method) => method.id === changed)?.status).toBe('completed');
    // Back in its rooms: the next write reaches it.
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const next = await fx.v2mom('member');
    await http()
      .put(`/api/methods/${next.method.id}`)
      .set('Cookie', await owner.login('member'))
      .send({ version: next.method.version, status: 'completed' })
      .expect(200);
    await events.next((event) => event.entity === 'method' && event.id === next.method.id);
  }

  it('after a clean stop (SIGTERM): the client reconnects by itself, unrecovered, and is live again', async () => {
    const { app: before } = await startServer();
    const client = await connectedWithOffset();
    const ended = disconnected(client);
    // What start-server.ts does on SIGTERM.
    await before.close();
    expect(await ended).toBe('transport close');
    const { methodId } = await writeWhileDown();

    const back = new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const { app: after } = await startServer();
    await back;
    await expectFreshAndLive(after, client, methodId);
  });

  it('after a crash: the client reconnects by itself, unrecovered, and is live again', async () => {
    const { app: crashing, connections } = await startServer();
    const client = await connectedWithOffset();
    const dropped = disconnected(client);
    // A killed process: it stops listening and its connections just end, with no goodbye.
    crashing.server.close();
    for (const socket of connections) socket.destroy();
    expect(await dropped).toBe('transport close');
    await crashing.close();
    const { methodId } = await writeWhileDown();

    const back = new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const { app: after } = await startServer();
    await back;
    await expectFreshAndLive(after, client, methodId);
  });
});
