import { ZDepartmentListSchema, ZItemCountsSchema, ZMethodsSummarySchema, ZQuarterScorecardSchema, ZV2momListSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../test/api-client.js';
import { fixtures } from '../test/fixtures.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

/**
 * A write drops the cached answers built from what it touched, and only those
 * (docs/PRODUCT.md#shared-reads). A change made behind the API's back shows which answers a write
 * left in the cache: a kept answer still shows the data as it was before the change.
 */
let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin']);
});
afterAll(() => app.stop());

/** Renames a V2MOM straight in the database, which no read cache hears of. */
async function renameBehindTheApi(id: number, title: string) {
  await app.orm.em.fork().getConnection().execute('update v2mom set title = ? where id = ?', [title, id]);
}

async function titlesOf(userId: number) {
  return ZV2momListSchema.parse((await as('admin').get(`/api/users/${userId}/v2moms`).expect(200)).body).map((v2mom) => v2mom.title);
}

async function summary() {
  return ZMethodsSummarySchema.parse((await as('admin').get('/api/methods/summary').expect(200)).body);
}

describe('the read cache under writes', () => {
  it("keeps another person's V2MOMs and drops the summary when a method's status changes", async () => {
    const make = fixtures(app.orm);
    const other = await make.v2mom('viewer');
    const written = await make.v2mom('member');
    expect(await titlesOf(other.ownerId)).toContain(other.title);
    const before = await summary();
    await renameBehindTheApi(other.id, `${other.title} renamed`);

    const { method } = written;
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, status: 'at_risk' }).expect(200);

    expect(await titlesOf(other.ownerId)).toContain(other.title);
    expect((await summary()).atRisk).toBe(before.atRisk + 1);
  });

  it('keeps no whole-company answer: the quarter scorecard counts a method added behind the API at the next ask', async () => {
    const { id, method } = await fixtures(app.orm).v2mom('member');
    const scorecard = async () => ZQuarterScorecardSchema.parse((await as('admin').get('/api/quarter-scorecard').expect(200)).body);
    const behindTheApi = (sql: string, params: unknown[]) => app.orm.em.fork().getConnection().execute(sql, params);
    // The scorecard counts the methods of its quarter's fiscal year, whichever year today is in.
    await behindTheApi('update v2mom set year = ? where id = ?', [(await scorecard()).year, id]);
    const before = await scorecard();
    await behindTheApi('insert into method (v2mom_id, description, created_at, updated_at) values (?, ?, now(), now())', [id, 'Counted at the next ask']);
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, progress: 40 }).expect(200);

    expect((await scorecard()).total.notReviewed).toBe(before.total.notReviewed + 1);
  });

  it("keeps the department list through a method's progress, and drops it when a department's head is renamed", async () => {
    const departments = async () => ZDepartmentListSchema.parse((await as('admin').get('/api/departments').expect(200)).body);
    const headed = (await departments()).find((department) => department.head !== null);
    if (!headed?.head) throw new Error('The demo organisation has a department with a head');
    const { method } = await fixtures(app.orm).v2mom('member');
    const behindTheApi = (sql: string, params: unknown[]) => app.orm.em.fork().getConnection().execute(sql, params);
    await behindTheApi('update department set name = ? where id = ?', [`${headed.name} renamed`, headed.id]);

    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, progress: 40 }).expect(200);
    expect((await departments()).find((department) => department.id === headed.id)?.name).toBe(headed.name);

    const [head] = await behindTheApi('select version from "user" where id = ?', [headed.head.id]);
    await as('admin').patch(`/api/admin/users/${headed.head.id}`, { version: head.version, name: 'Renamed Head' }).expect(200);
    expect((await departments()).find((department) => department.id === headed.id)).toMatchObject({ name: `${headed.name} renamed`, head: { name: 'Renamed Head' } });
  });

  it("answers the Items List's counts after a method is deleted without it", async () => {
    const { method } = await fixtures(app.orm).v2mom('member');
    const counts = async () => ZItemCountsSchema.parse((await as('admin').get('/api/items/counts').expect(200)).body);
    const before = await counts();
    await as('admin').delete(`/api/methods/${method.id}?version=${method.version}`).expect(200);
    expect((await counts()).methods).toBe(before.methods - 1);
  });
});
