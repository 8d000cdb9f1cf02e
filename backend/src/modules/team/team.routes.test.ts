import {
  compareKeys,
  CURSOR_MESSAGE,
  methodsOnTrack,
  TEAM_PROGRESS_SORTS,
  teamProgressMatches,
  teamProgressSortKey,
  ZErrorBodySchema,
  ZTeamProgressPageSchema,
  type TSortDirection,
  type TTeamProgressFilter,
  type TTeamProgressRow,
  type TTeamProgressSort,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { readEveryMethod, readEveryV2mom } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['viewer', 'member']);
});
afterAll(() => app.stop());

type Query = Record<string, string | number>;

/** Every page of the table `query` asks for, `limit` rows at a time, in the order they came. */
async function everyPage(query: Query = {}, limit = 3): Promise<TTeamProgressRow[]> {
  const rows: TTeamProgressRow[] = [];
  let cursor: string | null = null;
  do {
    const response = await as('viewer')
      .get('/api/team/progress')
      .query({ ...query, limit, ...(cursor ? { cursor } : {}) })
      .expect(200);
    const page = ZTeamProgressPageSchema.parse(response.body);
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const ids = (rows: readonly TTeamProgressRow[]) => rows.map((row) => row.user.id).sort((a, b) => a - b);

describe('GET /api/team/progress', () => {
  it('has one row per member who owns a V2MOM or a method, with the shared on-track count', async () => {
    const rows = await everyPage();
    const methods = await readEveryMethod(as('viewer'));
    const v2moms = await readEveryV2mom(as('viewer'));
    const owners = new Set([...methods.flatMap((method) => (method.ownerId ? [method.ownerId] : [])), ...v2moms.map((v2mom) => v2mom.userId)]);
    expect(ids(rows)).toEqual([...owners].sort((a, b) => a - b));
    for (const row of rows) {
      const own = methods.filter((method) => method.ownerId === row.user.id);
      const onTrack = methodsOnTrack(own);
      expect([row.totalMethods, row.methodsOnTrack]).toEqual([onTrack.total, onTrack.count]);
      // Their latest: the one changed last, the newer first on a tie.
      const latest = v2moms.filter((v2mom) => v2mom.userId === row.user.id).sort((a, b) => b.lastUpdated.localeCompare(a.lastUpdated) || b.id - a.id)[0];
      expect(row.v2momId).toBe(latest?.id ?? null);
      expect(row.lastUpdated).not.toBeNull();
    }
  });

  it.each(TEAM_PROGRESS_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'pages through every member once, sorted by %s %s as contracts order them',
    async (sort: TTeamProgressSort, dir: TSortDirection) => {
      const everyone = await everyPage({}, 200);
      const rows = await everyPage({ sort, dir });
      expect(ids(rows)).toEqual(ids(everyone));
      const keyed = rows.map((row) => ({ key: teamProgressSortKey(row, sort), id: row.user.id }));
      for (let index = 1; index < keyed.length; index += 1) {
        expect(compareKeys(keyed[index - 1]!, keyed[index]!, dir), `${JSON.stringify(keyed[index - 1])} before ${JSON.stringify(keyed[index])}`).toBeLessThan(0);
      }
    },
  );

  it('holds the members contracts say a filter holds', async () => {
    const everyone = await everyPage({}, 200);
    const someone = everyone[0]!;
    const filters: TTeamProgressFilter[] = [
      { department: someone.user.department },
      { q: someone.user.name.split(' ')[0]!.toUpperCase() },
      { q: `${someone.user.department} ${someone.user.name.split(' ')[0]}` },
      { q: someone.user.department, department: someone.user.department },
      { department: 'No such department' },
      { q: 'nobody is called this' },
    ];
    for (const filter of filters) {
      const expected = everyone.filter((row) => teamProgressMatches(row, filter));
      const rows = await everyPage({ ...filter });
      expect(ids(rows), JSON.stringify(filter)).toEqual(ids(expected));
      expect(rows).toEqual(expect.arrayContaining(expected));
    }
    expect(everyone.filter((row) => teamProgressMatches(row, { department: someone.user.department })).length).toBeGreaterThan(0);
  });

  it("points at the member's most recently changed V2MOM", async () => {
    const created = await as('member').post('/api/v2moms', { title: 'Newest', year: 2026 }).expect(201);
    const row = (await everyPage({}, 200)).find((candidate) => candidate.user.id === created.body.userId);
    expect(row).toMatchObject({ v2momId: created.body.id, lastUpdated: created.body.lastUpdated });
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    for (const [query, words] of [
      [{ sort: 'salary' }, 'sort'],
      [{ dir: 'sideways' }, 'dir'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '5000' }, 'A page is at most 200 rows'],
      [{ cursor: 'not-a-cursor' }, CURSOR_MESSAGE],
      [{ department: '' }, 'department'],
    ] as const) {
      const response = await as('viewer').get('/api/team/progress').query(query).expect(400);
      expect(JSON.stringify(ZErrorBodySchema.parse(response.body)), JSON.stringify(query)).toContain(words);
    }
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/team/progress').expect(401);
  });
});
