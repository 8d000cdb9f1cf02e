import { ZMethodPageSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures.js';
import { planOf } from '../../test/query-plan.js';
import { startTestApp, TEST_CLOCK_START, type TestApp } from '../../test/test-app.js';
import { Method } from './method.entity.js';
import { inKeysetPart } from '../../db/keyset.js';
import { filteredMethods, methodPageOrder, methodPageRows } from './method-page.read.js';

let app: TestApp;
let viewer = '';
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', clock: TEST_CLOCK_START });
  viewer = await app.login('viewer');
});
afterAll(() => app.stop());

/** A cursor past every method's latest change: the server's clock stands at TEST_CLOCK_START. */
const AFTER_EVERY_CHANGE = { key: new Date(TEST_CLOCK_START.getTime() + 86_400_000).toISOString(), id: 1_000_000 };

/** PostgreSQL's plan for the methods a search holds, as on a company's row counts. */
const searchPlan = (q: string) => planOf(app.orm, (db) => filteredMethods(db, { q }), ['seqscan', 'indexscan']);

const search = async (q: string) =>
  ZMethodPageSchema.parse((await app.http().get('/api/methods').query({ q, limit: 200 }).set('Cookie', viewer).expect(200)).body).rows.map((row) => row.id);

describe('searching methods by words', () => {
  // The indexes hold the very expressions the search writes (db/search.ts): were they to drift
  // apart, PostgreSQL could only read every row, and the plan would say so.
  it('finds a word from the trigram indexes of the methods, the V2MOM titles and the names', async () => {
    const plan = await searchPlan('quarterly');
    for (const index of ['method_text_search_index', 'v2mom_title_search_index', 'user_name_search_index']) expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan on method');
  });

  it('takes %, _ and \\ in a word as the characters they are', async () => {
    const v2mom = await fixtures(app.orm).v2mom('member');
    await app.orm.em.fork().nativeUpdate(Method, { id: v2mom.method.id }, { description: 'Lift renewals 50%_\\ this year' });
    expect(await search('50%_\\')).toEqual([v2mom.method.id]);
    expect(await search('5%\\')).toEqual([]);
    expect(await search('renewals 5_%')).toEqual([]);
  });
});

describe('paging methods by their latest change', () => {
  // Team Status's order (docs/PRODUCT.md#team-status-screen) is a range of `method_updated_at_index`,
  // read backwards, however deep the page: a key that is not the bare column would sort every method.
  it('reads the page from the index on (updated_at, id), with no sort', async () => {
    const plan = await planOf(
      app.orm,
      (db) => inKeysetPart(methodPageRows(db, {}), methodPageOrder({ sort: 'updated', dir: 'desc' }), { keyed: true, after: AFTER_EVERY_CHANGE, limit: 51 }),
      ['seqscan', 'sort'],
    );
    expect(plan).toContain('Index Scan Backward using method_updated_at_index on method');
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });
});

describe('paging the COO-tracked methods by their latest change', () => {
  // Key Metrics and the COO View (docs/PRODUCT.md#key-metrics) read a range of the partial index of
  // the tracked methods, however few of the company's methods are tracked.
  it('reads the page from the index of the tracked methods, with no sort', async () => {
    const plan = await planOf(
      app.orm,
      (db) => inKeysetPart(filteredMethods(db, { forCooTracking: true }), methodPageOrder({ sort: 'updated', dir: 'desc' }), { keyed: true, after: AFTER_EVERY_CHANGE, limit: 51 }),
      ['seqscan', 'sort'],
    );
    expect(plan).toContain('using method_coo_tracked_updated_at_index on method');
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });
});

describe('paging methods by a joined row\'s text', () => {
  // A page deep in the list by V2MOM title or owner name starts that table's sort index at the
  // cursor and joins the methods to it (db/keyset.ts); otherwise every method is joined and sorted.
  it.each([
    ['v2mom', 'v2mom_title_sort_index'],
    ['owner', 'user_name_sort_index'],
  ] as const)('reads a page by %s from the cursor in %s', async (sort, index) => {
    const plan = await planOf(
      app.orm,
      (db) => inKeysetPart(methodPageRows(db, {}), methodPageOrder({ sort, dir: 'asc' }), { keyed: true, after: { key: 'm', id: 0 }, limit: 51 }),
      ['seqscan'],
    );
    expect(plan).toMatch(new RegExp(`(Index Scan using|Bitmap Index Scan on) ${index}\\b[^\\n]*\\n\\s*Index Cond: [^\\n]*>= 'm'`));
  });
});

