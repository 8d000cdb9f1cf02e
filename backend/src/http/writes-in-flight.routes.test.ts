import { request } from 'node:http';
import { ZErrorBodySchema, ZValueSchema } from '@v2mom/contracts';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../app.js';
import { connectRedis, SharedSlots } from '../db/redis.js';
import { startCluster, until, type Cluster } from '../test/cluster.js';
import { checkedAgent } from '../test/documented-answers.js';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { listen } from '../test/live-client.js';
import { countRedisCommands, requireRedis, testRedis } from '../test/redis.js';
import { holdRow, serverDatabaseUrl, waitingForLocks } from '../test/row-locks.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { createLogger } from './logger.js';

/**
 * One person's writes under way are bounded (docs/PRODUCT.md#writes-under-way): beyond the limit a
 * write answers 429 before it touches the database, so a burst at one row cannot take the
 * connections everyone else's calls need; and no write waits for a row longer than the lock
 * time-out. Rows are held on purpose by a transaction of the test's own, so the states the
 * assertions wait for (writes queued at the row) last as long as the test needs them.
 */

/** More than both servers' pools together (10 connections each by default): without the bound, enough to take them all. */
const BURST = 24;

/** A value as stored. */
async function storedValue(app: AppInstance, id: number): Promise<{ description: string; version: number }> {
  const [row] = await app.orm.em.fork().getConnection().execute<Array<{ description: string; version: number }>>('select description, version from value where id = ?', [id]);
  if (!row) throw new Error(`No value ${id}`);
  return row;
}

/** A PUT of a value's description that the test can abandon, as a browser tab closed mid-save does. */
function abandonablePut(baseUrl: string, cookie: string, valueId: number, description: string): { answered: Promise<number>; abandon: () => void } {
  const body = JSON.stringify({ description });
  const url = new URL(`/api/values/${valueId}`, baseUrl);
  const sent = request(url, { method: 'PUT', headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answered = new Promise<number>((resolve, reject) => {
    sent.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
  });
  answered.catch(() => {});
  sent.end(body);
  return { answered, abandon: () => sent.destroy() };
}

const redis = await testRedis('the test of writes under way on two servers');

describe.skipIf(redis.skip || !serverDatabaseUrl)(`one person’s writes under way, on two servers sharing Redis${redis.reason && ` (${redis.reason})`}`, () => {
  let cluster: Cluster;
  let first: TestApp;
  let second: AppInstance;
  let agents: { first: ReturnType<typeof supertest>; second: ReturnType<typeof supertest> };
  let urls: { first: string; second: string };
  let fx: Fixtures;
  let limit: number;

  beforeAll(async () => {
    requireRedis(redis);
    cluster = await startCluster(2, redis.url);
    [first, second] = [cluster.first, cluster.servers[1]!];
    urls = { first: await listen(first.server), second: await listen(second.server) };
    // Every answer on either server is checked against the API reference, the 429s among them.
    agents = { first: checkedAgent(supertest(urls.first)), second: checkedAgent(supertest(urls.second)) };
    fx = fixtures(first.orm);
    limit = first.env.WRITES_IN_FLIGHT_PER_PERSON;
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  const onEither = (index: number) => (index % 2 === 0 ? agents.first : agents.second);

  it('refuses one person’s writes beyond the limit on both servers together, writing none of them, while others read and write on both', async () => {
    const [mine, admins] = [await fx.v2mom('member'), await fx.v2mom('admin')];
    const before = await storedValue(first, mine.value.id);
    const member = await first.login('member');
    const held = await holdRow(first.orm, 'value', mine.value.id);
    const answers: supertest.Response[] = [];
    const burst = Array.from({ length: BURST }, (_, index) =>
      onEither(index)
        .put(`/api/values/${mine.value.id}`)
        .set('Cookie', member)
        .send({ description: `Burst ${index}` })
        .then((response) => {
          answers.push(response);
          return response;
        }),
    );
    try {
      // The writes admitted queue at the held row; every other one has been refused.
      await until(async () => answers.length === BURST - limit && (await waitingForLocks(first.orm.em.fork())) === limit);

      const [viewer, admin] = [await first.login('viewer'), await first.login('admin')];
      for (const agent of [agents.first, agents.second]) {
        await agent.get(`/api/v2moms/${mine.id}/complete`).set('Cookie', viewer).expect(200);
        await agent.put(`/api/values/${admins.value.id}`).set('Cookie', admin).send({ description: 'Written meanwhile' }).expect(200);
      }
    } finally {
      await held.release();
    }
    await Promise.all(burst);

    const refused = answers.filter((answer) => answer.status === 429);
    const written = answers.filter((answer) => answer.status === 200);
    expect({ refused: refused.length, written: written.length }).toEqual({ refused: BURST - limit, written: limit });
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(ZErrorBodySchema.parse(answer.body)).toMatchObject({ code: 'too_many_requests', message: `You have ${limit} changes under way already. Please try again in 1 second.` });
    }
    // Only the admitted writes changed the value, one version each; no refused text was stored.
    const stored = await storedValue(first, mine.value.id);
    expect(stored.version).toBe(before.version + limit);
    expect(written.map((answer) => ZValueSchema.parse(answer.body).description)).toContain(stored.description);
    await until(async () => (await first.writesInFlight.underWay(await fx.userId('member'))) === 0);
  });

  it('keeps a write’s place until its work is through though its client left, and gives every place back after errors', async () => {
    const [mine, other, admins] = [await fx.v2mom('member'), await fx.v2mom('member'), await fx.v2mom('admin')];
    const memberId = await fx.userId('member');
    const member = await first.login('member');
    const held = await holdRow(first.orm, 'value', mine.value.id);
    const abandoned = Array.from({ length: limit }, (_, index) => abandonablePut(index % 2 === 0 ? urls.first : urls.second, member, mine.value.id, `Left ${index}`));
    try {
      await until(async () => (await waitingForLocks(first.orm.em.fork())) === limit);
      for (const call of abandoned) call.abandon();
      await Promise.allSettled(abandoned.map((call) => call.answered));

      // The abandoned writes still wait at the row, each holding a connection: their places stay taken.
      expect(await waitingForLocks(first.orm.em.fork())).toBe(limit);
      await agents.second.put(`/api/values/${other.value.id}`).set('Cookie', member).send({ description: 'Not yet' }).expect(429);
    } finally {
      await held.release();
    }
    await until(async () => (await first.writesInFlight.underWay(memberId)) === 0);

    // Writes that fail once admitted (404, 403) give their places back too.
    const failing = Array.from({ length: 2 * limit }, (_, index) =>
      onEither(index)
        .put(`/api/values/${index % 2 === 0 ? 999_999_999 : admins.value.id}`)
        .set('Cookie', member)
        .send({ description: 'Not there, or not mine' }),
    );
    for (const answer of await Promise.all(failing)) expect([403, 404, 429]).toContain(answer.status);
    await until(async () => (await first.writesInFlight.underWay(memberId)) === 0);
    const answer = await agents.first.put(`/api/values/${other.value.id}`).set('Cookie', member).send({ description: 'Now it goes' }).expect(200);
    expect(ZValueSchema.parse(answer.body).description).toBe('Now it goes');
  });

  it('takes a place, and gives it back with the new data generation: two round trips to Redis a write', async () => {
    const mine = await fx.v2mom('member');
    const member = await first.login('member');
    const memberId = await fx.userId('member');
    const commands = await countRedisCommands(redis.url, `${first.env.REDIS_PREFIX}:writes-in-flight:${memberId}`);
    await agents.second.put(`/api/values/${mine.value.id}`).set('Cookie', member).send({ description: 'Counted' }).expect(200);
    const counted = await commands.stop();
    // The place's key appears in the script that takes it and in the one that moves the generations on.
    expect([...counted]).toEqual([['EVAL', 2]]);
    expect(await first.writesInFlight.underWay(memberId)).toBe(0);
  });

  it('gives a person their places back when the server that held them died without doing so', async () => {
    const client = await connectRedis(redis.url, createLogger('silent'));
    try {
      // A server that took every place and died: nobody gives them back.
      const places = new SharedSlots('writes-in-flight', { redis: client, prefix: first.env.REDIS_PREFIX }, createLogger('silent'));
      const person = String(await fx.userId('nina'));
      for (let index = 0; index < limit; index++) expect(await places.take(person, `died ${index}`, limit, 200)).toBe(true);
      expect(await places.take(person, 'refused', limit, 200)).toBe(false);
      await until(async () => (await first.writesInFlight.underWay(Number(person))) === 0);
      expect(await places.take(person, 'after', limit, 200)).toBe(true);
    } finally {
      client.destroy();
    }
  });
});

describe('one server without Redis', () => {
  /** Writes give up on a held row after this long: short, so the test does not wait out the production time-out. */
  const LOCK_TIMEOUT_MS = 200;
  let app: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    app = await startTestApp({ seed: 'demo', env: { REDIS_URL: '', DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } });
    fx = fixtures(app.orm);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it.skipIf(!serverDatabaseUrl)('answers a write that waited past the lock time-out 503 busy with Retry-After, having changed nothing', async () => {
    const v2mom = await fx.v2mom('member');
    const member = await app.login('member');
    const before = await storedValue(app, v2mom.value.id);
    const held = await holdRow(app.orm, 'value', v2mom.value.id);
    const busy = await (async () => {
      try {
        return await app.http().put(`/api/values/${v2mom.value.id}`).set('Cookie', member).send({ description: 'Waited too long' });
      } finally {
        await held.release();
      }
    })();
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(ZErrorBodySchema.parse(busy.body)).toEqual({ code: 'busy', message: 'Someone else is saving the same item right now; try again in a moment.' });
    expect(await storedValue(app, v2mom.value.id)).toEqual(before);

    const retried = await app.http().put(`/api/values/${v2mom.value.id}`).set('Cookie', member).send({ description: 'Waited too long' }).expect(200);
    expect(ZValueSchema.parse(retried.body)).toMatchObject({ description: 'Waited too long', version: before.version + 1 });
    expect(await app.writesInFlight.underWay(await fx.userId('member'))).toBe(0);
  });

  it('counts one person’s writes under way in the server’s memory', async () => {
    const [mine, admins] = [await fx.v2mom('member'), await fx.v2mom('admin')];
    const memberId = await fx.userId('member');
    const member = await app.login('member');
    const limit = app.env.WRITES_IN_FLIGHT_PER_PERSON;
    const taken = await Promise.all(Array.from({ length: limit }, () => app.writesInFlight.admit(memberId)));
    const refused = await app.http().put(`/api/values/${mine.value.id}`).set('Cookie', member).send({ description: 'One too many' }).expect(429);
    expect(refused.headers['retry-after']).toBe('1');
    // Someone else writes meanwhile.
    await app.http().put(`/api/values/${admins.value.id}`).set('Cookie', await app.login('admin')).send({ description: 'Mine' }).expect(200);
    await taken[0]?.();
    await app.http().put(`/api/values/${mine.value.id}`).set('Cookie', member).send({ description: 'Now one fits' }).expect(200);
    await Promise.all(taken.slice(1).map((giveBack) => giveBack()));
    expect(await app.writesInFlight.underWay(memberId)).toBe(0);
  });
});

describe.skipIf(!serverDatabaseUrl)('reads sent as POST while a person has every write place taken', () => {
  let app: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    // Writes wait for the held row as long as the test needs them to.
    app = await startTestApp({ seed: 'demo', env: { REDIS_URL: '', DATABASE_LOCK_TIMEOUT_MS: '60000' } });
    fx = fixtures(app.orm);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('answers the trends and the quarter results, which change nothing, and still refuses the next write', async () => {
    const v2mom = await fx.v2mom('member');
    const member = await app.login('member');
    const limit = app.env.WRITES_IN_FLIGHT_PER_PERSON;
    const write = (description: string) => app.http().put(`/api/values/${v2mom.value.id}`).set('Cookie', member).send({ description });
    const held = await holdRow(app.orm, 'value', v2mom.value.id);
    const waiting = Array.from({ length: limit }, (_, index) => write(`Waiting ${index}`).then((response) => response.status));
    try {
      await until(async () => (await waitingForLocks(app.orm.em.fork())) === limit);
      expect(await app.writesInFlight.underWay(await fx.userId('member'))).toBe(limit);
      const methodIds = [v2mom.method.id];
      await app.http().post('/api/methods/trends').set('Cookie', member).send({ methodIds }).expect(200);
      await app.http().post('/api/quarter-results').set('Cookie', member).send({ year: v2mom.year, quarter: 'q1', methodIds }).expect(200);
      await write('One too many').expect(429);
    } finally {
      await held.release();
    }
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: limit }, () => 200));
  });
});

describe.skipIf(!serverDatabaseUrl)('one server with every database connection taken', () => {
  let app: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    app = await startTestApp({ seed: 'demo', env: { REDIS_URL: '' } });
    fx = fixtures(app.orm);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('refuses a session’s writes beyond the limit before looking the session up', async () => {
    const v2mom = await fx.v2mom('member');
    const member = await app.login('member');
    const limit = app.env.WRITES_IN_FLIGHT_PER_PERSON;
    const poolSize = app.orm.config.get('pool').max ?? 10;
    const write = (description: string) => app.http().put(`/api/values/${v2mom.value.id}`).set('Cookie', member).send({ description });
    const held = await holdRow(app.orm, 'value', v2mom.value.id);
    // The rest of the pool, each connection in a transaction that keeps it.
    const others = Array.from({ length: poolSize - 1 - limit }, () => app.orm.em.fork());
    try {
      const admitted = Array.from({ length: limit }, (_, index) => write(`Admitted ${index}`).then((response) => response));
      await until(async () => (await waitingForLocks(app.orm.em.fork())) === limit);
      for (const other of others) await other.begin();
      // No connection is left: a write that looked its session up would wait for one, then answer 503.
      const refused = await Promise.all(Array.from({ length: 6 }, () => write('Refused')));
      expect(refused.map((response) => response.status)).toEqual(Array.from({ length: 6 }, () => 429));
      await Promise.all(others.map((other) => other.rollback()));
      await held.release();
      expect((await Promise.all(admitted)).map((response) => response.status)).toEqual(Array.from({ length: limit }, () => 200));
    } finally {
      for (const other of others) if (other.isInTransaction()) await other.rollback();
      await held.release().catch(() => {});
    }
    expect((await storedValue(app, v2mom.value.id)).description).toMatch(/^Admitted /);
  });
});
