import { ZDepartmentListSchema, ZErrorBodySchema, ZMethodPageSchema, ZTeamStatusCountsSchema, type TMethodListItem } from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEveryPage } from '../../test/paged-list.js';
import { startTestApp, TEST_CLOCK_START, type TestApp } from '../../test/test-app.js';

/**
 * GET /api/team/status-counts (docs/PRODUCT.md#team-status-screen): what it counts is held against
 * a reference counted here from every method's row, stale when its `staleAt` is at or before the
 * server's clock.
 */

let app: TestApp;
let viewer = '';
let everyMethod: TMethodListItem[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', clock: new TestClock(TEST_CLOCK_START) });
  viewer = await app.login('viewer');
  everyMethod = await readEveryPage(app, { path: '/api/methods', cookie: viewer, schema: ZMethodPageSchema }, {}, 200);
});
afterAll(() => app.stop());

const countsOf = async (department: string) =>
  ZTeamStatusCountsSchema.parse((await app.http().get('/api/team/status-counts').query({ department }).set('Cookie', viewer).expect(200)).body);

/** The counts of `department` from the rows: its people's methods, and those contracts call stale now. */
function reference(department: string) {
  const methods = everyMethod.filter((method) => method.owner?.department === department);
  const stale = methods.filter((method) => method.staleAt !== null && Date.parse(method.staleAt) <= TEST_CLOCK_START.getTime());
  return { methods: methods.length, staleMethods: stale.length };
}

describe('GET /api/team/status-counts', () => {
  it("counts each department's methods and its stale ones as the rows say", async () => {
    const departments = ZDepartmentListSchema.parse((await app.http().get('/api/departments').set('Cookie', viewer).expect(200)).body);
    for (const { name } of departments) expect(await countsOf(name), name).toEqual(reference(name));
    // The demo holds departments with methods and with stale ones, so the comparison says something.
    expect(departments.some(({ name }) => reference(name).methods > reference(name).staleMethods && reference(name).staleMethods > 0)).toBe(true);
    expect(await countsOf('No such department')).toEqual({ methods: 0, staleMethods: 0 });
  });

  it('refuses a department it cannot read, and anyone signed out', async () => {
    for (const query of [{}, { department: '' }, { department: 'x'.repeat(201) }]) {
      const refused = await app.http().get('/api/team/status-counts').query(query).set('Cookie', viewer).expect(400);
      expect(JSON.stringify(ZErrorBodySchema.parse(refused.body)), JSON.stringify(query)).toContain('department');
    }
    await app.http().get('/api/team/status-counts').query({ department: 'Marketing' }).expect(401);
  });
});
