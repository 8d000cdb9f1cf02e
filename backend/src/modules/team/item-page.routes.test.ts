import {
  compareItems,
  ITEM_SORTS,
  methodSortKey,
  obstacleSortKey,
  pageCursor,
  ZItemPageSchema,
  ZMethodPageSchema,
  ZObstaclePageSchema,
  type TItemListItem,
  type TItemSort,
  type TMethodListItem,
  type TObstacleListItem,
  type TSortDirection,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, readEveryPage, REFUSED_PAGE_QUERIES } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let viewer = '';
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  viewer = await app.login('viewer');
});
afterAll(() => app.stop());

const items = (query: Record<string, string>, limit = 3) => readEveryPage(app, { path: '/api/items', cookie: viewer, schema: ZItemPageSchema }, query, limit);
/** What the Methods and Obstacles tabs hold for a query, read from their own lists. */
const methods = (query: Record<string, string>) => readEveryPage(app, { path: '/api/methods', cookie: viewer, schema: ZMethodPageSchema }, query, 200);
const obstacles = (query: Record<string, string>) => readEveryPage(app, { path: '/api/obstacles', cookie: viewer, schema: ZObstaclePageSchema }, query, 200);

const itemIds = (rows: readonly TItemListItem[]) => rows.map((row) => `${row.kind} ${row.kind === 'method' ? row.method.id : row.obstacle.id}`).sort();
const both = (methodRows: readonly TMethodListItem[], obstacleRows: readonly TObstacleListItem[]) =>
  [...methodRows.map((method) => `method ${method.id}`), ...obstacleRows.map((obstacle) => `obstacle ${obstacle.id}`)].sort();

/** A row as the All Items order keys it (contracts' sort keys; `kind` is its own key). */
function keyOf(row: TItemListItem, sort: TItemSort) {
  if (row.kind === 'method') return { key: sort === 'kind' ? 'method' : methodSortKey(row.method, sort), kind: row.kind, id: row.method.id };
  return { key: sort === 'kind' ? 'obstacle' : obstacleSortKey(row.obstacle, sort), kind: row.kind, id: row.obstacle.id };
}

describe('GET /api/items', () => {
  it.each(ITEM_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'pages through every method and obstacle once, sorted by %s %s as contracts order them',
    async (sort: TItemSort, dir: TSortDirection) => {
      const [rows, methodRows, obstacleRows] = await Promise.all([items({ sort, dir }), methods({}), obstacles({})]);
      expect(obstacleRows.length).toBeGreaterThan(3);
      expect(itemIds(rows)).toEqual(both(methodRows, obstacleRows));
      const keyed = rows.map((row) => keyOf(row, sort));
      for (let index = 1; index < keyed.length; index += 1) {
        expect(compareItems(keyed[index - 1]!, keyed[index]!, dir), `${JSON.stringify(keyed[index - 1])} before ${JSON.stringify(keyed[index])}`).toBeLessThan(0);
      }
      // Pages of three cross from one kind to the other inside a key: the V2MOMs' titles and the owners are shared.
      if (sort === 'v2mom') expect(keyed.some((row, index) => index > 0 && row.key === keyed[index - 1]!.key && row.kind !== keyed[index - 1]!.kind)).toBe(true);
    },
  );

  it('holds what the Methods and Obstacles tabs hold for a search, in their list shapes', async () => {
    const [everyMethod, everyObstacle] = await Promise.all([methods({}), obstacles({})]);
    const searches = [everyObstacle[0]!.description.split(/\s+/)[0]!, everyMethod[1]!.v2mom.title, everyMethod[2]!.owner!.name.split(' ')[0]!, 'no item says this'];
    for (const q of searches) {
      const [rows, methodRows, obstacleRows] = await Promise.all([items({ q }), methods({ q }), obstacles({ q })]);
      expect(itemIds(rows), q).toEqual(both(methodRows, obstacleRows));
      expect(rows).toEqual(
        expect.arrayContaining([
          ...methodRows.map((method) => ({ kind: 'method', method })),
          ...obstacleRows.map((obstacle) => ({ kind: 'obstacle', obstacle })),
        ]),
      );
    }
  });

  it('holds the stale methods alone with stale=true', async () => {
    const [rows, staleMethods] = await Promise.all([items({ stale: 'true' }), methods({ stale: 'true' })]);
    expect(itemIds(rows)).toEqual(both(staleMethods, []));
  });

  it('refuses what it cannot read with a 400 that says why, another list’s cursor too', async () => {
    const methodsCursor = (await app.http().get('/api/methods').query({ limit: 1 }).set('Cookie', viewer).expect(200)).body.nextCursor as string;
    await expectRefused(app, '/api/items', viewer, [
      ...REFUSED_PAGE_QUERIES,
      [{ cursor: methodsCursor }, 'Not a cursor this list gave'],
      [{ cursor: pageCursor([1, 2]) }, 'Not a cursor this list gave'],
      [{ stale: 'maybe' }, 'stale'],
    ]);
  });
});
