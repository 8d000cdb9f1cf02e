import {
  CURSOR_MESSAGE,
  keyCursor,
  METHOD_SORTS,
  methodMatches,
  methodSortKey,
  ZErrorBodySchema,
  ZMethodPageSchema,
  type TMethodFilter,
  type TMethodListItem,
  type TMethodSort,
  type TSortDirection,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInListOrder, readEveryPage } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { readMethods } from './method.read.js';

let app: TestApp;
let viewer = '';
let everyMethod: TMethodListItem[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  viewer = await app.login('viewer');
  everyMethod = await readMethods(app.orm.em.fork(), {}, app.now());
});
afterAll(() => app.stop());

type Query = Record<string, string | number | boolean>;

const everyPage = (query: Query, limit = 7) => readEveryPage(app, { path: '/api/methods', cookie: viewer, schema: ZMethodPageSchema }, query, limit);

const ids = (rows: readonly TMethodListItem[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('GET /api/methods', () => {
  it.each(METHOD_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'pages through every method once, sorted by %s %s as contracts order them',
    async (sort: TMethodSort, dir: TSortDirection) => {
      const rows = await everyPage({ sort, dir });
      expect(ids(rows)).toEqual(ids(everyMethod));
      const keyed = rows.map((row) => ({ key: methodSortKey(row, sort), id: row.id }));
      expectInListOrder(keyed, dir);
    },
  );

  it('holds the rows contracts say a filter holds, in full list shape', async () => {
    const someone = everyMethod.find((method) => method.ownerId !== null)!;
    const filters: TMethodFilter[] = [
      { q: 'REVIEW' },
      { q: 'review monthly' },
      { q: someone.owner!.name.split(' ')[0] },
      { q: 'at risk' },
      { v2momId: someone.v2momId },
      { ownerId: someone.ownerId! },
      { department: someone.owner!.department },
      { department: someone.owner!.department, stale: false, q: 'review' },
      { department: 'No such department' },
      { withMeasure: true },
      { withMeasure: true, q: someone.v2mom.title },
      { q: 'no method says this' },
      { forCooTracking: true },
      { forCooTracking: false, q: 'review' },
      { forCooTracking: true, withKeyMetric: true },
      { withKeyMetric: true, stale: false },
    ];
    for (const filter of filters) {
      const expected = everyMethod.filter((method) => methodMatches(method, filter));
      const rows = await everyPage({ ...filter });
      expect(ids(rows), JSON.stringify(filter)).toEqual(ids(expected));
      expect(rows).toEqual(expect.arrayContaining(expected));
    }
    expect(everyMethod.filter((method) => methodMatches(method, { q: 'review monthly' })).length).toBeGreaterThan(0);
  });

  it("lists a department's methods latest change first: a method just changed leads, and a page goes on after it", async () => {
    const department = everyMethod.find((method) => method.owner !== null)!.owner!.department;
    const view = { department, sort: 'updated', dir: 'desc' } as const;
    const before = await everyPage(view, 3);
    expect(before.length).toBeGreaterThan(3);
    const last = before.at(-1)!;
    const admin = await app.login('admin');
    await app.http().put(`/api/methods/${last.id}`).set('Cookie', admin).send({ version: last.version, progress: (last.progress + 1) % 100 }).expect(200);
    const after = await everyPage(view, 3);
    expect(after.map((row) => row.id)).toEqual([last.id, ...before.slice(0, -1).map((row) => row.id)]);
  });

  it('lists the COO-tracked methods alone, latest change first; one unmarked leaves the list, one marked leads it', async () => {
    const view = { forCooTracking: true, sort: 'updated', dir: 'desc' } as const;
    const before = await everyPage(view, 4);
    expect(before.length).toBeGreaterThan(4);
    expect(before.every((row) => row.forCooTracking)).toBe(true);
    expect(ids(before)).toEqual(ids(everyMethod.filter((method) => method.forCooTracking)));
    const admin = await app.login('admin');
    const [leaving] = before;
    await app.http().put(`/api/methods/${leaving!.id}`).set('Cookie', admin).send({ version: leaving!.version, forCooTracking: false }).expect(200);
    const untracked = everyMethod.find((method) => !method.forCooTracking)!;
    await app.http().put(`/api/methods/${untracked.id}`).set('Cookie', admin).send({ version: untracked.version, forCooTracking: true }).expect(200);
    const after = await everyPage(view, 4);
    expect(after.map((row) => row.id)).toEqual([untracked.id, ...before.slice(1).map((row) => row.id)]);
  });

  it('answers the first page alone when it holds every row', async () => {
    const response = await app.http().get('/api/methods').query({ v2momId: everyMethod[0]!.v2momId }).set('Cookie', viewer).expect(200);
    expect(ZMethodPageSchema.parse(response.body).nextCursor).toBeNull();
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    for (const [query, words] of [
      [{ sort: 'password' }, 'sort'],
      [{ dir: 'sideways' }, 'dir'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '5000' }, 'A page is at most 200 rows'],
      [{ cursor: 'not-a-cursor' }, CURSOR_MESSAGE],
      [{ v2momId: 'abc' }, 'v2momId'],
      [{ withMeasure: 'yes' }, 'withMeasure'],
      [{ forCooTracking: 'yes' }, 'forCooTracking'],
      [{ withKeyMetric: '1' }, 'withKeyMetric'],
      [{ department: '' }, 'department'],
      // A cursor of another order: its key is not of the kind this order's keys are.
      [{ sort: 'progress', cursor: keyCursor({ key: 'abc', id: 1 }) }, CURSOR_MESSAGE],
      [{ sort: 'description', cursor: keyCursor({ key: 40, id: 1 }) }, CURSOR_MESSAGE],
      [{ sort: 'updated', cursor: keyCursor({ key: 'yesterday', id: 1 }) }, CURSOR_MESSAGE],
    ] as const) {
      const response = await app.http().get('/api/methods').query(query).set('Cookie', viewer).expect(400);
      expect(JSON.stringify(ZErrorBodySchema.parse(response.body)), JSON.stringify(query)).toContain(words);
    }
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/methods').expect(401);
  });
});

describe('paged lists on the wire', () => {
  it.each(['/api/methods', '/api/v2moms', '/api/obstacles', '/api/items', '/api/tasks'])('a page of %s goes gzip-encoded to a client that accepts it', async (path) => {
    const zipped = await app.http().get(path).query({ limit: 200 }).set('Cookie', viewer).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await app.http().get(path).query({ limit: 200 }).set('Cookie', viewer).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.body).toEqual(plain.body);
  });
});
