import {
  CURSOR_MESSAGE,
  OBSTACLE_SORTS,
  obstacleMatches,
  obstacleSortKey,
  ZErrorBodySchema,
  ZObstaclePageSchema,
  type TObstacleListItem,
  type TObstacleSort,
  type TSortDirection,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInListOrder, readEveryPage, readEveryV2momDocument, signedInReader } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let viewer = '';
/** Every obstacle in list shape, as the V2MOMs' documents (read independently of the page) describe it. */
let everyObstacle: TObstacleListItem[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  viewer = await app.login('viewer');
  const v2moms = await readEveryV2momDocument(signedInReader(app.http, viewer));
  const methods = new Map(v2moms.flatMap((v2mom) => v2mom.methods).map((method) => [method.id, method]));
  everyObstacle = v2moms.flatMap((v2mom) =>
    v2mom.obstacles.map((obstacle) => ({
      ...obstacle,
      v2mom: { id: v2mom.id, title: v2mom.title, ownerId: v2mom.userId },
      linkedMethods: obstacle.linkedMethodIds.map((id) => ({ id, description: methods.get(id)!.description })),
      shared: null,
    })),
  );
});
afterAll(() => app.stop());

const everyPage = (query: Record<string, string>, limit = 3) => readEveryPage(app, { path: '/api/obstacles', cookie: viewer, schema: ZObstaclePageSchema }, query, limit);

const ids = (rows: readonly TObstacleListItem[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('GET /api/obstacles', () => {
  it('has obstacles to page through, some naming methods', () => {
    expect(everyObstacle.length).toBeGreaterThan(3);
    expect(everyObstacle.some((obstacle) => obstacle.linkedMethods.length > 0)).toBe(true);
  });

  it.each(OBSTACLE_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'pages through every obstacle once, sorted by %s %s as contracts order them',
    async (sort: TObstacleSort, dir: TSortDirection) => {
      const rows = await everyPage({ sort, dir });
      expect(ids(rows)).toEqual(ids(everyObstacle));
      const keyed = rows.map((row) => ({ key: obstacleSortKey(row, sort), id: row.id }));
      expectInListOrder(keyed, dir);
    },
  );

  it('holds the rows contracts say a search holds, in full list shape', async () => {
    const linked = everyObstacle.find((obstacle) => obstacle.linkedMethods.length > 0)!;
    const owned = everyObstacle.find((obstacle) => obstacle.owner !== null)!;
    const searches = [
      undefined,
      linked.description.split(/\s+/)[0]!.toUpperCase(),
      linked.linkedMethods[0]!.description.split(/\s+/).slice(0, 2).join(' '),
      owned.owner!.name.split(' ')[0]!,
      linked.v2mom.title,
      'no obstacle says this',
    ];
    for (const q of searches) {
      const expected = everyObstacle.filter((obstacle) => obstacleMatches(obstacle, { q }));
      const rows = await everyPage(q === undefined ? {} : { q });
      expect(ids(rows), String(q)).toEqual(ids(expected));
      expect(rows).toEqual(expect.arrayContaining(expected));
    }
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    for (const [query, words] of [
      [{ sort: 'password' }, 'sort'],
      [{ dir: 'sideways' }, 'dir'],
      [{ limit: '5000' }, 'A page is at most 200 rows'],
      [{ cursor: 'not-a-cursor' }, CURSOR_MESSAGE],
      [{ q: 'x'.repeat(201) }, 'at most 200 characters'],
    ] as const) {
      const response = await app.http().get('/api/obstacles').query(query).set('Cookie', viewer).expect(400);
      expect(JSON.stringify(ZErrorBodySchema.parse(response.body)), JSON.stringify(query)).toContain(words);
    }
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/obstacles').expect(401);
  });
});
