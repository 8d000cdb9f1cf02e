import { adminUserMatches, adminUserSortKey, ZAdminUserPageSchema, type TAdminUser, type TAdminUserFilter, type TSortDirection } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInListOrder, expectRefused, readEveryPage, REFUSED_PAGE_QUERIES } from '../../test/paged-list.js';
import { planOf } from '../../test/query-plan.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';
import { filteredPeople } from './admin-user-page.read.js';
import { toAdminUser } from './admin-users.service.js';

const PATH = '/api/admin/users';

let app: TestApp;
let admin = '';
let everyone: TAdminUser[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  admin = await app.login('admin');
  // One person who can no longer sign in, so the active filter has both sides to hold.
  const em = app.orm.em.fork();
  const gone = await em.findOneOrFail(User, { username: 'viewer' });
  gone.active = false;
  await em.flush();
  everyone = (await app.orm.em.fork().find(User, {}, { populate: ['department'] })).map(toAdminUser);
});
afterAll(() => app.stop());

const everyPage = (query: Record<string, string | number | boolean>, limit = 3) => readEveryPage(app, { path: PATH, cookie: admin, schema: ZAdminUserPageSchema }, query, limit);

/** PostgreSQL's plan for the people a search holds, as on a company's row counts. */
const searchPlan = (q: string) => planOf(app.orm, (db) => filteredPeople(db, { q }), ['seqscan', 'indexscan']);

const ids = (rows: readonly TAdminUser[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('GET /api/admin/users', () => {
  it.each(['asc', 'desc'] as const)('pages through everyone once, by name %s as contracts order them', async (dir: TSortDirection) => {
    const rows = await everyPage({ dir });
    expect(ids(rows)).toEqual(ids(everyone));
    expectInListOrder(rows.map((row) => ({ key: adminUserSortKey(row, 'name'), id: row.id })), dir);
  });

  it('holds the people contracts say a search and the filters hold, in the People table shape', async () => {
    const member = everyone.find((user) => user.username === 'member')!;
    const filters: TAdminUserFilter[] = [
      { q: member.name.split(' ')[0]!.toUpperCase() },
      { q: 'member' },
      { q: member.department },
      { q: `${member.name.split(' ')[0]} ${member.department}` },
      { q: '%' },
      { active: false },
      { active: true, role: 'user' },
      { role: 'read_only' },
      { departmentId: member.departmentId },
      { departmentId: member.departmentId, role: member.role, q: member.name.slice(0, 3) },
      { q: 'nobody is called this' },
    ];
    for (const filter of filters) {
      const expected = everyone.filter((user) => adminUserMatches(user, filter));
      const rows = await everyPage({ ...filter });
      expect(ids(rows), JSON.stringify(filter)).toEqual(ids(expected));
      expect(rows).toEqual(expect.arrayContaining(expected));
    }
    expect(everyone.filter((user) => adminUserMatches(user, { active: false }))).toHaveLength(1);
    expect(everyone.filter((user) => adminUserMatches(user, { departmentId: member.departmentId })).length).toBeLessThan(everyone.length);
  });

  // The indexes hold the very expressions the search writes (db/search.ts): were they to drift
  // apart, PostgreSQL could only read every person, and the plan would say so.
  it('finds a word from the trigram indexes of names and usernames', async () => {
    const plan = await searchPlan('morgan');
    for (const index of ['user_name_search_index', 'user_username_search_index']) expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan on "user"');
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    await expectRefused(app, PATH, admin, [...REFUSED_PAGE_QUERIES, [{ active: 'yes' }, 'active'], [{ role: 'owner' }, 'role'], [{ departmentId: 'abc' }, 'departmentId']]);
  });

  it('answers only holders of settings', async () => {
    await app.http().get(PATH).set('Cookie', await app.login('lead')).expect(403);
    await app.http().get(PATH).expect(401);
  });
});
