import { MAX_PAGE_SIZE, ZCheckInPageSchema, ZObstacleHistorySchema, ZTrendsSchema, type TCheckIn } from '@v2mom/contracts';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { ChangeLog } from '../change-log/change-log.entity.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { listen } from '../../test/live-client.js';
import { readEveryMethod } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Method } from '../methods/method.entity.js';
import { CheckIn } from './check-in.entity.js';

let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  as = await signIn(app, ['admin', 'viewer']);
});
afterAll(() => app.stop());

const DAY = 86_400_000;

async function history(methodId: number, query = ''): Promise<TCheckIn[]> {
  const response = await as('viewer').get(`/api/methods/${methodId}/check-ins${query}`).expect(200);
  return ZCheckInPageSchema.parse(response.body).checkIns;
}

/** A method's writes as its form sends them, one after the other, each on the version the last answered. */
async function writeInTurn(methodId: number, version: number, bodies: readonly object[]): Promise<number> {
  let current = version;
  for (const body of bodies) current = (await as('admin').put(`/api/methods/${methodId}`, { ...body, version: current }).expect(200)).body.version;
  return current;
}

describe('check-ins are written by the writes themselves', () => {
  it('a change of progress, status, current measure or update text is one check-in with the values after and before it', async () => {
    const { method } = await fx.v2mom('admin');
    const answer = await as('admin').put(`/api/methods/${method.id}`, { version: method.version, progress: 40, status: 'in_progress', update: 'Halfway there' }).expect(200);
    const [checkIn] = await history(method.id);
    expect(checkIn).toEqual({
      id: expect.any(Number),
      methodId: method.id,
      at: answer.body.updateAt,
      author: { id: await fx.userId('admin'), name: 'Avery Admin' },
      progress: 40,
      status: 'in_progress',
      currentMeasure: null,
      update: 'Halfway there',
      prevProgress: 0,
      prevStatus: 'not_started',
      prevCurrentMeasure: null,
      prevUpdate: null,
      confidence: null,
      prevConfidence: null,
      confidenceReason: null,
      // Made in a browser, through no API token.
      viaToken: null,
    });
    // The method keeps when it was last checked in: what the rhythm counts from (docs/PRODUCT.md#rhythm).
    expect(answer.body).toMatchObject({ updateAuthor: { name: 'Avery Admin' }, updateCount: 1, lastCheckInAt: checkIn?.at });
    const stored = await app.orm.em.fork().findOneOrFail(CheckIn, checkIn?.id ?? 0);
    expect(stored.methodVersion).toBe(answer.body.version);
  });

  it('creating a method, a write that changes nothing and a change of other fields make none', async () => {
    const { id: v2momId } = await fx.v2mom('admin');
    const created = (await as('admin').post('/api/methods', { v2momId, description: 'Fresh', progress: 10, update: 'From the start' }).expect(201)).body;
    // No check-in, but the update text names who wrote it and when.
    expect(created).toMatchObject({ updateCount: 0, updateAuthor: { name: 'Avery Admin' }, updateAt: expect.any(String), lastCheckInAt: null });
    const read = await as('admin').get(`/api/methods/${created.id}/complete`).expect(200);
    expect(read.body).toMatchObject({ updateAuthor: { name: 'Avery Admin' }, updateAt: created.updateAt });
    // A client that still sends the former `updates` text is answered as before; the key is dropped.
    const same = await as('admin').put(`/api/methods/${created.id}`, { version: created.version, progress: 10, update: 'From the start', updates: 'Older' }).expect(200);
    expect(same.body).toMatchObject({ version: created.version, updateCount: 0 });
    expect(same.body).not.toHaveProperty('updates');
    const renamed = await as('admin').put(`/api/methods/${created.id}`, { version: created.version, description: 'Renamed' }).expect(200);
    expect(renamed.body).toMatchObject({ lastCheckInAt: null });
    expect(await history(created.id)).toEqual([]);
  });

  it('the latest update keeps who wrote it and when while other progress moves', async () => {
    const { method } = await fx.v2mom('admin');
    const first = await as('admin').put(`/api/methods/${method.id}`, { version: method.version, update: 'Started' }).expect(200);
    const second = await as('admin').put(`/api/methods/${method.id}`, { version: first.body.version, progress: 20 }).expect(200);
    expect(second.body).toMatchObject({ update: 'Started', updateAt: first.body.updateAt, updateAuthor: { name: 'Avery Admin' }, updateCount: 2 });
    const cleared = await as('admin').put(`/api/methods/${method.id}`, { version: second.body.version, update: null }).expect(200);
    expect(cleared.body).toMatchObject({ update: null, updateAt: null, updateAuthor: null, updateCount: 3 });
  });
});

describe('GET /api/methods/{id}/check-ins', () => {
  it('pages newest first with an opaque cursor, undated check-ins last', async () => {
    const { method } = await fx.v2mom('admin');
    await writeInTurn(method.id, method.version, [1, 2, 3, 4, 5].map((progress) => ({ progress })));
    const em = app.orm.em.fork();
    em.create(CheckIn, { method: em.getReference(Method, method.id), update: 'Kept from before' });
    await em.flush();

    const first = ZCheckInPageSchema.parse((await as('viewer').get(`/api/methods/${method.id}/check-ins?limit=2`).expect(200)).body);
    expect(first.checkIns.map((checkIn) => checkIn.progress)).toEqual([5, 4]);
    const second = ZCheckInPageSchema.parse((await as('viewer').get(`/api/methods/${method.id}/check-ins?limit=3&cursor=${first.nextCursor}`).expect(200)).body);
    expect(second.checkIns.map((checkIn) => checkIn.progress)).toEqual([3, 2, 1]);
    const last = ZCheckInPageSchema.parse((await as('viewer').get(`/api/methods/${method.id}/check-ins?cursor=${second.nextCursor}`).expect(200)).body);
    expect(last).toEqual({ checkIns: [expect.objectContaining({ at: null, author: null, progress: null, update: 'Kept from before' })], nextCursor: null });
    expect((await history(method.id)).map((checkIn) => checkIn.progress)).toEqual([5, 4, 3, 2, 1, null]);
  });

  it('answers 400 to a cursor of another list or none at all, 400 to a page too large, 404 to no such method', async () => {
    const [one, other] = [await fx.v2mom('admin'), await fx.v2mom('admin')];
    await writeInTurn(one.method.id, one.method.version, [{ progress: 1 }, { progress: 2 }]);
    const { nextCursor } = ZCheckInPageSchema.parse((await as('viewer').get(`/api/methods/${one.method.id}/check-ins?limit=1`).expect(200)).body);
    const elsewhere = await as('viewer').get(`/api/methods/${other.method.id}/check-ins?cursor=${nextCursor}`).expect(400);
    expect(elsewhere.body.message).toMatch(/^Not a cursor this list gave/);
    for (const cursor of ['nonsense', 'W10', '%7B%7D']) {
      const malformed = await as('viewer').get(`/api/methods/${one.method.id}/check-ins?cursor=${cursor}`).expect(400);
      expect(malformed.body.fieldErrors.cursor).toEqual([expect.stringMatching(/^Not a cursor this list gave/)]);
    }
    const huge = await as('viewer').get(`/api/methods/${one.method.id}/check-ins?limit=1000000`).expect(400);
    expect(huge.body.fieldErrors.limit).toEqual(['At most 100 check-ins a page']);
    await as('viewer').get(`/api/methods/${one.method.id}/check-ins?limit=0`).expect(400);
    expect((await as('viewer').get('/api/methods/2147483647/check-ins').expect(404)).body.message).toBe('Method not found');
    await app.http().get(`/api/methods/${one.method.id}/check-ins`).expect(401);
  });
});

describe('POST /api/methods/trends', () => {
  it('gives each method its value at the end of each week, carried forward, and the value before its first check-in', async () => {
    const [checked, quiet] = [await fx.v2mom('admin'), await fx.v2mom('admin')];
    const em = app.orm.em.fork();
    const method = em.getReference(Method, checked.method.id);
    const now = app.now().getTime();
    em.create(CheckIn, { method, at: new Date(now - 20 * DAY), progress: 10, status: 'in_progress', prevProgress: 5, prevStatus: 'not_started' });
    em.create(CheckIn, { method, at: new Date(now - 19 * DAY), progress: 15, status: 'at_risk', prevProgress: 10, prevStatus: 'in_progress' });
    em.create(CheckIn, { method, at: new Date(now - 3 * DAY), progress: 30, status: 'in_progress', prevProgress: 15, prevStatus: 'at_risk' });
    em.create(CheckIn, { method, update: 'Undated: no point' });
    await em.flush();
    const quietNow = await em.findOneOrFail(Method, quiet.method.id);

    const answer = await as('viewer').post('/api/methods/trends', { methodIds: [checked.method.id, quiet.method.id, 2147483647], weeks: 4 }).expect(200);
    const trends = ZTrendsSchema.parse(answer.body);
    expect(trends.weekEnds).toHaveLength(4);
    expect(new Date(trends.weekEnds[3] ?? '').getTime()).toBeGreaterThanOrEqual(now);
    expect(trends.methods).toHaveLength(2);
    expect(trends.methods.find((row) => row.methodId === checked.method.id)?.points).toEqual([
      { progress: 5, status: 'not_started' },
      { progress: 15, status: 'at_risk' },
      { progress: 15, status: 'at_risk' },
      { progress: 30, status: 'in_progress' },
    ]);
    expect(trends.methods.find((row) => row.methodId === quiet.method.id)?.points).toEqual(Array(4).fill({ progress: quietNow.progress, status: quietNow.status }));
    const thirteen = ZTrendsSchema.parse((await as('viewer').post('/api/methods/trends', { methodIds: [checked.method.id] }).expect(200)).body);
    expect(thirteen.methods[0]?.points).toHaveLength(13);
  });

  it("answers a page's worth of methods, 400 to one more or 53 weeks, 401 without a session", async () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    await as('viewer').post('/api/methods/trends', { methodIds: ids(MAX_PAGE_SIZE) }).expect(200);
    const tooMany = await as('viewer').post('/api/methods/trends', { methodIds: ids(MAX_PAGE_SIZE + 1) }).expect(400);
    expect(tooMany.body.fieldErrors.methodIds).toEqual(['At most 200 methods at once']);
    await as('viewer').post('/api/methods/trends', { methodIds: [1], weeks: 53 }).expect(400);
    await as('viewer').post('/api/methods/trends', {}).expect(400);
    await app.http().post('/api/methods/trends').send({ methodIds: [1] }).expect(401);
  });
});

describe('GET /api/methods/{id}/obstacle-history', () => {
  it('lists the obstacles linked now as standing and those deleted while linked as resolved, oldest added first', async () => {
    const { id: v2momId, method, obstacle } = await fx.v2mom('admin');
    const other = (await as('admin').post('/api/methods', { v2momId, description: 'Elsewhere' }).expect(201)).body;
    const added = (await as('admin').post('/api/obstacles', { v2momId, description: 'Vendor is late', linkedMethodIds: [method.id, other.id] }).expect(201)).body;
    await as('admin').post('/api/obstacles', { v2momId, description: 'Not this method', linkedMethodIds: [other.id] }).expect(201);
    await as('admin').delete(`/api/obstacles/${added.id}`).expect(200);

    const history = ZObstacleHistorySchema.parse((await as('viewer').get(`/api/methods/${method.id}/obstacle-history`).expect(200)).body).obstacles;
    expect(history).toEqual([
      { id: obstacle.id, description: obstacle.description, addedAt: expect.any(String), resolvedAt: null },
      { id: added.id, description: 'Vendor is late', addedAt: expect.any(String), resolvedAt: expect.any(String) },
    ]);
    expect(Date.parse(history[1]?.resolvedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(history[1]?.addedAt ?? ''));
    // The other method, linked to both, sees the resolved one too.
    const others = ZObstacleHistorySchema.parse((await as('viewer').get(`/api/methods/${other.id}/obstacle-history`).expect(200)).body).obstacles;
    expect(others.map((row) => [row.description, row.resolvedAt === null])).toEqual([
      ['Vendor is late', false],
      ['Not this method', true],
    ]);
    await as('viewer').get('/api/methods/2147483647/obstacle-history').expect(404);
  });

  it("an obstacle's deletion logs its description, creation time and linked methods as old values", async () => {
    const { obstacle, method } = await fx.v2mom('admin');
    await as('admin').delete(`/api/obstacles/${obstacle.id}`).expect(200);
    const [deletion] = await app.orm.em.fork().find(ChangeLog, { entity: 'obstacle', rowId: obstacle.id, operation: 'deleted' });
    expect(deletion?.fields).toEqual({
      description: { old: obstacle.description, new: null },
      createdAt: { old: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), new: null },
      linkedMethods: { old: JSON.stringify([method.id]), new: null },
    });
  });
});

/** A POST's answer as it crossed the wire, before any client inflates it. */
async function onTheWire(path: string, body: object, acceptEncoding: string): Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer }> {
  const url = new URL(path, await listen(app.server));
  const cookie = await app.login('viewer');
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'accept-encoding': acceptEncoding } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], vary: answer.headers.vary, bytes: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

describe('history answers are compressed', () => {
  it('the trends of every method go gzip-encoded to a client that accepts it, smaller and the same once inflated', async () => {
    const methodIds = (await readEveryMethod(as('viewer'))).map((method) => method.id);
    expect(methodIds.length).toBeGreaterThan(30);
    const plain = await onTheWire('/api/methods/trends', { methodIds }, 'identity');
    const zipped = await onTheWire('/api/methods/trends', { methodIds }, 'gzip');
    expect(plain.encoding).toBeUndefined();
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.vary).toContain('Accept-Encoding');
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 4);
    // The last week ends now, so only the points are the same in both.
    expect(ZTrendsSchema.parse(JSON.parse(gunzipSync(zipped.bytes).toString())).methods).toEqual(ZTrendsSchema.parse(JSON.parse(plain.bytes.toString())).methods);
  });

  it('a page of check-ins is gzip-encoded too', async () => {
    const { method } = await fx.v2mom('admin');
    await writeInTurn(method.id, method.version, Array.from({ length: 12 }, (_, index) => ({ progress: index + 1, update: `Week ${index + 1}: ${'steady work '.repeat(20)}` })));
    const zipped = await as('viewer').get(`/api/methods/${method.id}/check-ins`).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(ZCheckInPageSchema.parse(zipped.body).checkIns).toHaveLength(12);
  });
});

describe('a method row stays bounded however long its history', () => {
  it('60 updates of 10,000 characters leave the list row, the write answer and the detail under 25 KB', async () => {
    const { method } = await fx.v2mom('admin');
    let version = method.version;
    let answer = '';
    for (let index = 0; index < 60; index++) {
      const response = await as('admin').put(`/api/methods/${method.id}`, { version, update: `${index} ${'x'.repeat(9_990)}` }).expect(200);
      version = response.body.version;
      answer = response.text;
    }
    expect(Buffer.byteLength(answer)).toBeLessThan(25_000);
    const row = (await readEveryMethod(as('viewer'))).find((item) => item.id === method.id);
    expect(row).toMatchObject({ updateCount: 60 });
    expect(Buffer.byteLength(JSON.stringify(row))).toBeLessThan(25_000);
    const detail = await as('viewer').get(`/api/methods/${method.id}/complete`).expect(200);
    expect(Buffer.byteLength(detail.text)).toBeLessThan(25_000);
    expect(await history(method.id, '?limit=100')).toHaveLength(60);
  });
});
