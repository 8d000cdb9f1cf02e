import { LIVE_EVENTS, ZErrorBodySchema, ZHealthSchema } from '@v2mom/contracts';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, type AppInstance } from '../app.js';
import { openDatabase } from '../db/database.js';
import { Method } from '../modules/methods/method.entity.js';
import { loadEnv } from '../env.js';
import { checkedAgent } from '../test/documented-answers.js';
import { fixtures } from '../test/fixtures.js';
import { readEveryMethod, signedInReader } from '../test/paged-list.js';
import { EventLog, connectClient, listen, type LiveClient } from '../test/live-client.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { ormModel } from '../modules/orm-model.js';

/**
 * PostgreSQL goes away under a stream of writes and comes back (docs/PRODUCT.md#when-the-database-is-away).
 * The app under test reaches its database through a TCP proxy; closing the proxy is the outage,
 * so the machine's PostgreSQL keeps serving everyone else. How fast it answers meanwhile is a
 * benchmark's figure (bench/faults.bench.ts); here the waits are only deadlines for the states.
 */
const env = loadEnv({ NODE_ENV: 'test' });
const serverUrl = env.TEST_DATABASE_URL ?? env.DATABASE_URL;
// Skipped on the embedded database (make test-embedded): it has no connection to cut.
const skipReason = 'no PostgreSQL server (set TEST_DATABASE_URL): the database outage test is skipped';
if (!serverUrl) console.warn(`\n  ⚠ ${skipReason}\n`);

/** How long the test waits for an answer it expects before it fails, however busy the machine. */
const WAIT_MS = 15_000;
const WRITERS = 3;

interface Attempt {
  description: string;
  status: number;
  startedAt: number;
  ms: number;
  message?: string;
}

describe.skipIf(!serverUrl)(`the API while PostgreSQL is away${serverUrl ? '' : ` (${skipReason})`}`, () => {
  let owner: TestApp;
  let proxy: TcpProxy;
  let app: AppInstance;
  let client: LiveClient;
  const http = () => checkedAgent(supertest(app.server));

  beforeAll(async () => {
    owner = await startTestApp({ seed: 'demo' });
    const clientUrl = owner.orm.config.get('clientUrl');
    if (!clientUrl) throw new Error('The scratch database has no URL');
    proxy = await TcpProxy.start(clientUrl);
    app = await bootstrap({ env: owner.env, database: await openDatabase({ kind: 'postgresql', clientUrl: proxy.url(clientUrl), lockTimeoutMs: owner.env.DATABASE_LOCK_TIMEOUT_MS }, ormModel), clock: owner.clock });
    const viewer = await http().post('/api/auth/login').send({ username: 'viewer', password: 'demo1234' }).expect(200);
    client = await connectClient(await listen(app.server), String(viewer.headers['set-cookie']?.[0]).split(';')[0] ?? '');
  });

  afterAll(async () => {
    client?.disconnect();
    await proxy?.up();
    await app?.close();
    await proxy?.down();
    await owner?.stop();
  });

  it('answers 503 while it is away, one write after another, recovers once it is back, and keeps every acknowledged write', async () => {
    const login = await http().post('/api/auth/login').send({ username: 'admin', password: 'demo1234' }).expect(200);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0] ?? '';
    const v2momId = (await fixtures(owner.orm).v2mom('admin')).id;

    const attempts: Attempt[] = [];
    let counter = 0;
    let writing = true;
    const wake = new Set<() => void>();
    async function writer(): Promise<void> {
      while (writing) {
        const description = `Outage write ${++counter}`;
        const startedAt = Date.now();
        const response = await http().post('/api/methods').set('Cookie', cookie).send({ v2momId, description });
        const attempt: Attempt = { description, status: response.status, startedAt, ms: Date.now() - startedAt };
        if (response.status >= 400) attempt.message = ZErrorBodySchema.parse(response.body).message;
        attempts.push(attempt);
        for (const w of wake) w();
      }
    }
    /** Resolves when an attempt that started at or after `since` matches. */
    function attemptWhere(matches: (attempt: Attempt) => boolean, since: number, withinMs: number): Promise<Attempt> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          wake.delete(check);
          reject(new Error(`No such attempt within ${withinMs} ms; last: ${JSON.stringify(attempts.slice(-3))}`));
        }, withinMs);
        function check() {
          const found = attempts.find((attempt) => attempt.startedAt >= since && matches(attempt));
          if (!found) return;
          wake.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
        wake.add(check);
        check();
      });
    }
    const writers = Array.from({ length: WRITERS }, () => writer());

    await attemptWhere((attempt) => attempt.status === 201, 0, WAIT_MS);
    const downAt = Date.now();
    await proxy.down();

    const refused = await attemptWhere((attempt) => attempt.status === 503, downAt, WAIT_MS);
    expect(refused.message).toBe('The database is unavailable; try again shortly.');
    const health = await http().get('/api/health').expect(503);
    expect(ZHealthSchema.parse(health.body)).toMatchObject({ status: 'degraded', database: { ok: false, problem: 'unreachable' } });
    // No request waits for the database to come back: with it still away, every writer is answered again and again.
    const refusedSince = (since: number) => attempts.filter((attempt) => attempt.startedAt >= since && attempt.status === 503).length;
    const answeredAt = Date.now();
    await attemptWhere(() => refusedSince(answeredAt) >= 2 * WRITERS, answeredAt, WAIT_MS);

    const upAt = Date.now();
    await proxy.up();
    await attemptWhere((attempt) => attempt.status === 201, upAt, WAIT_MS);
    writing = false;
    await Promise.all(writers);

    // Only 201 and 503 were answered.
    expect(new Set(attempts.map((attempt) => attempt.status))).toEqual(new Set([201, 503]));

    // Every acknowledged write is in the database, and the V2MOM's methods list shows them all.
    const acknowledged = attempts.filter((attempt) => attempt.status === 201).map((attempt) => attempt.description);
    const stored = await owner.orm.em.fork().find(Method, { description: { $in: acknowledged } });
    expect(stored.map((method) => method.description).sort()).toEqual([...acknowledged].sort());
    const listed = await readEveryMethod(signedInReader(http, cookie), { v2momId });
    expect(listed.map((method) => method.description)).toEqual(expect.arrayContaining(acknowledged));
    await http().get('/api/health').expect(200);

    // The socket layer survived: the viewer's tab still hears of new writes.
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const after = await http().post('/api/methods').set('Cookie', cookie).send({ v2momId, description: 'After the outage' }).expect(201);
    await events.next((event) => event.entity === 'method' && event.id === after.body.id);
    expect(client.connected).toBe(true);
  });

  it('gets back the connections of transactions the outage cut, so the pool does not run dry', async () => {
    // As many transactions as the pool has connections, each holding one when PostgreSQL goes.
    const { max } = app.orm.config.get('pool');
    let holding = 0;
    let cut!: () => void;
    const outage = new Promise<void>((resolve) => (cut = resolve));
    const transactions = Array.from({ length: max ?? 10 }, () =>
      app.orm.em.fork().transactional(async (tx) => {
        await tx.getConnection().execute('select 1', [], 'run', tx.getTransactionContext());
        holding += 1;
        await outage;
        await tx.getConnection().execute('select 1', [], 'run', tx.getTransactionContext());
      }),
    );
    await expect.poll(() => holding).toBe(max);
    await proxy.down();
    cut();
    // Their queries and their rollbacks fail on dead connections.
    expect((await Promise.allSettled(transactions)).every((outcome) => outcome.status === 'rejected')).toBe(true);

    await proxy.up();
    // Without the pool guard, each still counted as taken: this waited 1.5 s for a connection and failed.
    expect(await app.orm.em.fork().getConnection().execute('select 1 as one')).toEqual([{ one: 1 }]);
  });
});
