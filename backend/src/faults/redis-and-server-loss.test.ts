import { randomBytes } from 'node:crypto';
import { LIVE_EVENTS } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, type AppInstance } from '../app.js';
import { openDatabase } from '../db/database.js';
import { loadEnv } from '../env.js';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, connectClient, listen, type LiveClient } from '../test/live-client.js';
import { forgetRedisKeys, redisAnswers } from '../test/redis.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { ormModel } from '../modules/orm-model.js';

/**
 * Two servers sharing PostgreSQL and Redis lose one of them, then Redis itself
 * (docs/PRODUCT.md#when-a-server-or-redis-is-away). Redis sits behind a TCP proxy so that its
 * "restart" touches only these servers, and the browser reaches the servers through a second
 * proxy that plays the load balancer.
 */
const env = loadEnv({ NODE_ENV: 'test' });
const redisUrl = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(redisUrl);
const serverUrl = env.TEST_DATABASE_URL ?? env.DATABASE_URL;
const skipReason = `needs PostgreSQL (TEST_DATABASE_URL) and Redis at ${redisUrl} (TEST_REDIS_URL): the server and Redis loss test is skipped`;
const runnable = redisUp && serverUrl !== undefined;
// Skipped on the embedded database (make test-embedded), which a second server cannot open; in CI
// a missing Redis fails the run instead.
const skipped = serverUrl === undefined || (!redisUp && !env.CI);
if (skipped) console.warn(`\n  ⚠ ${skipReason}\n`);

/** Resolves on the client's next successful (re)connection. */
function connected(client: LiveClient): Promise<void> {
  return new Promise((resolve) => client.once('connect', () => resolve()));
}

describe.skipIf(skipped)(`two servers on Redis losing a server, then Redis${runnable ? '' : ` (${skipReason})`}`, () => {
  let first: TestApp;
  let second: AppInstance | undefined;
  let redisProxy: TcpProxy;
  let balancer: TcpProxy;
  let fx: Fixtures;
  let client: LiveClient;
  let urls: { first: string; second: string };
  const redisPrefix = `v2mom-test-faults-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    if (!runnable) throw new Error(`CI needs Redis: ${skipReason}`);
    redisProxy = await TcpProxy.start(redisUrl);
    first = await startTestApp({ seed: 'demo', env: { REDIS_URL: redisProxy.url(redisUrl), REDIS_PREFIX: redisPrefix } });
    const clientUrl = first.orm.config.get('clientUrl');
    if (!clientUrl) throw new Error('The scratch database has no URL');
    second = await bootstrap({ env: first.env, database: await openDatabase({ kind: 'postgresql', clientUrl, lockTimeoutMs: first.env.DATABASE_LOCK_TIMEOUT_MS }, ormModel), clock: first.clock });
    urls = { first: await listen(first.server), second: await listen(second.server) };
    balancer = await TcpProxy.start(urls.second);
    fx = fixtures(first.orm);
    client = await connectClient(balancer.url(urls.second), await first.login('viewer'));
  });

  afterAll(async () => {
    client?.disconnect();
    await redisProxy?.up();
    await second?.close();
    await first?.stop();
    await balancer?.down();
    await redisProxy?.down();
    if (redisUp) await forgetRedisKeys(redisUrl, redisPrefix);
  });

  async function completeMethod(): Promise<{ id: number }> {
    const v2mom = await fx.v2mom('member');
    const cookie = await first.login('member');
    await first
      .http()
      .put(`/api/methods/${v2mom.method.id}`)
      .set('Cookie', cookie)
      .send({ version: v2mom.method.version, status: 'completed' })
      .expect(200);
    return { id: v2mom.method.id };
  }

  it('relays events again once Redis is back, including a write made while it was away', async () => {
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const before = await completeMethod();
    await events.next((event) => event.entity === 'method' && event.id === before.id);

    await redisProxy.down();
    // Writes do not wait for Redis: answered while it is still away, the event is queued until the connection is back.
    const during = await completeMethod().finally(() => redisProxy.up());

    await events.next((event) => event.entity === 'method' && event.id === during.id, 10_000);
    const after = await completeMethod();
    await events.next((event) => event.entity === 'method' && event.id === after.id);
  });

  it('moves the clients of a server that died to the other one, where they keep receiving events', async () => {
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const reconnected = connected(client);
    // The server dies: its connections drop, and the load balancer sends new ones to the survivor.
    await balancer.down();
    balancer.retarget(urls.first);
    await second?.close();
    second = undefined;
    await balancer.up();
    await reconnected;

    expect((await first.live.io.fetchSockets()).length).toBe(1);
    const written = await completeMethod();
    await events.next((event) => event.entity === 'method' && event.id === written.id);
  });
});
