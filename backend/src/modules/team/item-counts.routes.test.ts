import { methodMatches, ZErrorBodySchema, ZItemCountsSchema, ZObstaclePageSchema, type TMethodListItem } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEveryMethod, signedInReader } from '../../test/paged-list.js';
import { planOf } from '../../test/query-plan.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { staleRuleNow } from '../rhythm/stale-methods.js';
import { itemCountsStatement } from './item-counts.read.js';

let app: TestApp;
let viewer = '';
let everyMethod: TMethodListItem[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  viewer = await app.login('viewer');
  everyMethod = await readEveryMethod(signedInReader(app.http, viewer));
});
afterAll(() => app.stop());

/** How many obstacles the paged list holds for `q` (its own test holds it to contracts' rules). */
async function obstacleCount(q: string | undefined): Promise<number> {
  const response = await app.http().get('/api/obstacles').query({ limit: 200, ...(q === undefined ? {} : { q }) }).set('Cookie', viewer).expect(200);
  const page = ZObstaclePageSchema.parse(response.body);
  expect(page.nextCursor).toBeNull();
  return page.rows.length;
}

describe('GET /api/items/counts', () => {
  it('counts the methods and the methods with a measure that contracts say a search holds', async () => {
    const someone = everyMethod.find((method) => method.ownerId !== null)!;
    for (const q of [undefined, 'REVIEW', 'at risk', someone.owner!.name.split(' ')[0]!, someone.v2mom.title, 'no method says this']) {
      const response = await app.http().get('/api/items/counts').query(q === undefined ? {} : { q }).set('Cookie', viewer).expect(200);
      expect(ZItemCountsSchema.parse(response.body), String(q)).toEqual({
        methods: everyMethod.filter((method) => methodMatches(method, { q })).length,
        measures: everyMethod.filter((method) => methodMatches(method, { q, withMeasure: true })).length,
        obstacles: await obstacleCount(q),
        staleMethods: expect.any(Number),
      });
    }
    expect(everyMethod.filter((method) => methodMatches(method, { withMeasure: true })).length).toBeGreaterThan(0);
  });

  it('refuses a search too long, and anyone signed out', async () => {
    const tooLong = await app.http().get('/api/items/counts').query({ q: 'x'.repeat(201) }).set('Cookie', viewer).expect(400);
    expect(JSON.stringify(ZErrorBodySchema.parse(tooLong.body))).toContain('at most 200 characters');
    await app.http().get('/api/items/counts').expect(401);
  });
});

describe('the counts on a company', () => {
  // The planner weighs the demo's rows as they are, not as an empty database's defaults.
  beforeAll(() => app.orm.em.fork().getConnection().execute('analyze method, v2mom, obstacle'));

  // The partial indexes hold the very predicates the counts write (methods/method.entity.ts):
  // were they to drift apart, PostgreSQL would read the methods' rows again, and the plan would say so.
  // Without a search the methods' tabs are the tally the writes keep, a few rows; for whoever does not
  // read every V2MOM, less the methods and obstacles of the few never approved, found by `v2mom_unpublished_index`.
  it.each([
    [{}, ['method_stale_index'], true, ['manage_structure']],
    [{}, ['method_stale_index'], true, []],
    // Stale only: the demo's few stale methods are read through `method_stale_index` either way.
    [{ stale: true }, ['method_stale_index'], false, ['manage_structure']],
    [{ stale: true }, ['method_stale_index'], false, []],
  ] as const)('without a search (%j), reads indexes alone: %j, the tally: %j, for a reader with %j', async (query, indexes, tallied, capabilities) => {
    const rule = await staleRuleNow(app.orm.em.fork());
    const reader = { id: 1, capabilities: [...capabilities] };
    const plan = await planOf(app.orm, (db) => itemCountsStatement(db, query, rule, reader), ['seqscan', 'bitmapscan']);
    for (const index of indexes) expect(plan).toContain(`Index Only Scan using ${index} on method`);
    expect(plan.includes(' on method_tally')).toBe(tallied);
    expect(plan).not.toMatch(/Seq Scan on (method|obstacle|v2mom)\b/);
    expect(plan).toMatch(/Index Only Scan using \w+ on obstacle/);
    expect(plan.includes('v2mom_unpublished_index')).toBe(capabilities.length === 0);
  });
});
