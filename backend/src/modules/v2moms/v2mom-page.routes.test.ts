import {
  compareKeys,
  CURSOR_MESSAGE,
  keyCursor,
  V2MOM_SORTS,
  v2momMatches,
  v2momSortKey,
  ZV2momPageSchema,
  type TSortDirection,
  type TV2mom,
  type TV2momFilter,
  type TV2momSort,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInListOrder, expectRefused, readEveryPage, REFUSED_PAGE_QUERIES } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { readV2moms } from './v2mom.read.js';

let app: TestApp;
let viewer = '';
let everyV2mom: TV2mom[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  viewer = await app.login('viewer');
  everyV2mom = await readV2moms(app.orm.em.fork());
});
afterAll(() => app.stop());

/** Every page of the list `query` asks for, `limit` rows at a time, in the order they came. */
const everyPage = (query: Record<string, string | number | boolean>, limit = 3) =>
  readEveryPage(app, { path: '/api/v2moms', cookie: viewer, schema: ZV2momPageSchema }, query, limit);

const ids = (rows: readonly TV2mom[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('GET /api/v2moms', () => {
  it('has V2MOMs enough to page through', () => {
    expect(everyV2mom.length).toBeGreaterThan(3);
  });

  it.each(V2MOM_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'pages through every V2MOM once, sorted by %s %s as contracts order them',
    async (sort: TV2momSort, dir: TSortDirection) => {
      const rows = await everyPage({ sort, dir });
      expect(ids(rows)).toEqual(ids(everyV2mom));
      expectInListOrder(rows.map((row) => ({ key: v2momSortKey(row, sort), id: row.id })), dir);
    },
  );

  it('sorts by title when not asked otherwise', async () => {
    const rows = await everyPage({});
    const titles = rows.map((row) => v2momSortKey(row, 'title'));
    expect(titles).toEqual([...titles].sort((a, b) => compareKeys({ key: a, id: 0 }, { key: b, id: 0 }, 'asc')));
  });

  it('holds the rows contracts say a filter holds, in full list shape', async () => {
    const someone = everyV2mom[0]!;
    const filters: TV2momFilter[] = [
      { q: someone.title.toUpperCase() },
      { q: someone.owner.name.split(' ')[0] },
      { q: `${someone.owner.department} ${someone.title.split(' ')[0]}` },
      { ownerId: someone.userId },
      { department: someone.owner.department },
      { status: someone.status },
      { status: someone.status, department: someone.owner.department, q: someone.title.slice(0, 4) },
      { q: 'no V2MOM says this' },
    ];
    for (const filter of filters) {
      const expected = everyV2mom.filter((v2mom) => v2momMatches(v2mom, filter));
      const rows = await everyPage({ ...filter });
      expect(ids(rows), JSON.stringify(filter)).toEqual(ids(expected));
      expect(rows).toEqual(expect.arrayContaining(expected));
    }
    expect(everyV2mom.filter((v2mom) => v2momMatches(v2mom, { department: someone.owner.department })).length).toBeLessThan(everyV2mom.length);
  });

  it('answers the first page alone when it holds every row', async () => {
    const response = await app.http().get('/api/v2moms').query({ ownerId: everyV2mom[0]!.userId }).set('Cookie', viewer).expect(200);
    expect(ZV2momPageSchema.parse(response.body).nextCursor).toBeNull();
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    await expectRefused(app, '/api/v2moms', viewer, [
      ...REFUSED_PAGE_QUERIES,
      [{ ownerId: 'abc' }, 'ownerId'],
      [{ status: 'sleeping' }, 'status'],
      [{ sort: 'year', cursor: keyCursor({ key: 'abc', id: 1 }) }, CURSOR_MESSAGE],
    ]);
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/v2moms').expect(401);
  });
});
