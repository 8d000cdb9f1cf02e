import { CURSOR_MESSAGE, userMatches, userSortKey, ZErrorBodySchema, ZUserPageSchema, type TSortDirection, type TUserFilter, type TUserListItem } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInListOrder, readEveryPage } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { usersByIds } from './user-lists.service.js';
import { User } from './user.entity.js';

let app: TestApp;
let viewer = '';
let everyone: TUserListItem[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  viewer = await app.login('viewer');
  const ids = (await app.orm.em.fork().find(User, {}, { fields: ['id'] })).map((user) => user.id);
  everyone = await usersByIds(app.orm.em.fork(), ids);
});
afterAll(() => app.stop());

const everyPage = (query: Record<string, string>, limit = 3) => readEveryPage(app, { path: '/api/users/search', cookie: viewer, schema: ZUserPageSchema }, query, limit);

const ids = (rows: readonly TUserListItem[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('GET /api/users/search', () => {
  it.each(['asc', 'desc'] as const)('pages through everyone once, by name %s as contracts order them', async (dir: TSortDirection) => {
    const rows = await everyPage({ dir });
    expect(ids(rows)).toEqual(ids(everyone));
    const keyed = rows.map((row) => ({ key: userSortKey(row, 'name'), id: row.id }));
    expectInListOrder(keyed, dir);
  });

  it('holds the people contracts say a search holds, in full list shape', async () => {
    const someone = everyone.find((user) => user.username === 'member')!;
    for (const q of [someone.name.split(' ')[0]!.toUpperCase(), 'member', someone.department, `${someone.name.split(' ')[0]} ${someone.department}`, 'nobody is called this']) {
      const expected = everyone.filter((user) => userMatches(user, { q }));
      const rows = await everyPage({ q });
      expect(ids(rows), q).toEqual(ids(expected));
      expect(rows).toEqual(expect.arrayContaining(expected));
    }
    expect(everyone.filter((user) => userMatches(user, { q: 'member' })).length).toBeGreaterThan(0);
  });

  it('holds only active people, the structure contact or the ids asked for, as contracts say', async () => {
    const member = everyone.find((user) => user.username === 'member')!;
    const admin = everyone.find((user) => user.username === 'admin')!;
    const cases: Array<[Record<string, string>, TUserFilter]> = [
      [{ active: 'true' }, { active: true }],
      [{ active: 'false' }, { active: false }],
      [{ structureContact: 'true' }, { structureContact: true }],
      [{ ids: `${member.id},${admin.id}` }, { ids: [member.id, admin.id] }],
      [{ ids: `${member.id}`, q: 'nobody is called this' }, { ids: [member.id], q: 'nobody is called this' }],
    ];
    for (const [query, filter] of cases) {
      const expected = everyone.filter((user) => userMatches(user, filter));
      expect(ids(await everyPage(query)), JSON.stringify(query)).toEqual(ids(expected));
    }
    expect(everyone.filter((user) => userMatches(user, { structureContact: true }))).toHaveLength(1);
    expect(ids(await everyPage({ ids: `${member.id},${admin.id}` }))).toEqual(ids([member, admin]));
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    for (const [query, words] of [
      [{ sort: 'password' }, 'sort'],
      [{ limit: '5000' }, 'A page is at most 200 rows'],
      [{ cursor: 'not-a-cursor' }, CURSOR_MESSAGE],
      [{ active: 'yes' }, 'active'],
      [{ ids: '1,two' }, 'ids is a comma-separated list of user ids'],
      [{ ids: Array.from({ length: 201 }, (_, index) => index + 1).join(',') }, 'At most 200 ids'],
    ] as const) {
      const response = await app.http().get('/api/users/search').query(query).set('Cookie', viewer).expect(400);
      expect(JSON.stringify(ZErrorBodySchema.parse(response.body)), JSON.stringify(query)).toContain(words);
    }
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/users/search').expect(401);
  });
});
