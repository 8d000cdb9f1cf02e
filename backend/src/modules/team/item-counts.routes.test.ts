import { methodMatches, ZErrorBodySchema, ZItemCountsSchema, ZMethodPageSchema, ZObstaclePageSchema, type TMethodListItem } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures } from '../../test/fixtures.js';
import { readEveryMethod, signedInReader } from '../../test/paged-list.js';
import { planOf } from '../../test/query-plan.js';
import { startTestApp, TEST_CLOCK_START, type TestApp } from '../../test/test-app.js';
import { MethodSchema } from '../methods/method.entity.js';
import { anyMeasure, filteredMethods } from '../methods/method-page.read.js';
import { filteredObstacles } from '../obstacles/obstacle-page.read.js';
import { ObstacleSchema } from '../obstacles/obstacle.entity.js';
import { selectRows } from '../read-db.js';
import { staleRuleNow } from '../rhythm/stale-methods.js';
import { V2momSchema } from '../v2moms/v2mom.entity.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';
import { itemCountsStatement } from './item-counts.read.js';

/** Far enough before the test's clock that a check-in then is on a day of its own. */
const LONG_AGO_MS = 60 * 86_400_000;

let app: TestApp;
let viewer = '';
let everyMethod: TMethodListItem[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', clock: TEST_CLOCK_START });
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

describe('the stale methods and the obstacles counted from tallies', () => {
  it('keep what a count of the methods says through every kind of write', async () => {
    const as: (username: string) => ApiClient = await signIn(app, ['viewer', 'admin']);
    /**
     * The tally's days against the open methods grouped by day, and those with a measure; the switch's count and Stale only's
     * measures against the stale methods each reader reads, counted one by one.
     */
    const expectTallied = async (step: string) => {
      const em = app.orm.em.fork();
      const [tallied, grouped] = await Promise.all([
        selectRows(em, (db) =>
          db.selectFrom('method_day_tally').select((eb) => ['year', eb.cast<string>('day', 'text').as('day'), eb.cast<number>(eb.fn.sum('open'), 'integer').as('open'), eb.cast<number>(eb.fn.sum('measured'), 'integer').as('measured')]).groupBy(['year', 'day']).having((eb) => eb.fn.sum('open'), '<>', 0).orderBy('year').orderBy('day'),
        ),
        selectRows(em, (db) =>
          db
            .selectFrom('method as m')
            .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
            .where('m.status', '<>', 'completed')
            .select((eb) => [
              'v.year',
              eb.cast<string>(eb.cast(eb.fn('timezone', [eb.val('UTC'), eb.fn.coalesce('m.last_check_in_at', 'm.created_at')]), 'date'), 'text').as('day'),
              eb.cast<number>(eb.fn.countAll(), 'integer').as('open'),
              eb.cast<number>(eb.fn.countAll().filterWhere(anyMeasure), 'integer').as('measured'),
            ])
            .groupBy(['v.year', 'day'])
            .orderBy('v.year')
            .orderBy('day'),
        ),
      ]);
      expect(tallied, step).toEqual(grouped);
      const rule = await staleRuleNow(em);
      const readers: Array<[string, Viewer | undefined]> = [['viewer', { id: await fixtures(app.orm).userId('viewer'), capabilities: [] }], ['admin', undefined]];
      for (const [username, reader] of readers) {
        const [stale] = await selectRows(em, (db) => filteredMethods(db, { stale: rule, viewer: reader }).clearSelect().select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')));
        const [obstacles] = await selectRows(em, (db) => filteredObstacles(db, { viewer: reader }).clearSelect().select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')));
        const [staleMeasures] = await selectRows(em, (db) => filteredMethods(db, { stale: rule, viewer: reader, withMeasure: true }).clearSelect().select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')));
        const counts = ZItemCountsSchema.parse((await as(username).get('/api/items/counts').expect(200)).body);
        expect(counts.staleMethods, `${step}, ${username}`).toBe(stale!.n);
        expect(counts.obstacles, `${step}, ${username}`).toBe(obstacles!.n);
        const staleOnly = ZItemCountsSchema.parse((await as(username).get('/api/items/counts').query({ stale: true }).expect(200)).body);
        expect(staleOnly.measures, `${step}, ${username}`).toBe(staleMeasures!.n);
      }
      return grouped;
    };
    await expectTallied('as seeded');
    const stalePage = ZMethodPageSchema.parse((await as('admin').get('/api/methods').query({ stale: true, limit: 5 }).expect(200)).body);
    const stale = stalePage.rows[0];
    if (!stale) throw new Error('The demo has a stale method');
    const measured = await as('admin').put(`/api/methods/${stale.id}`, { version: stale.version, measure: (stale.measure ?? '').trim() === '' ? 'Revenue' : '' }).expect(200);
    await expectTallied('a stale method given a measure, or its measure taken');
    const remeasured = await as('admin').put(`/api/methods/${stale.id}`, { version: (measured.body as { version: number }).version, measure: stale.measure }).expect(200);
    await expectTallied('its measure as it was');
    const checkedIn = await as('admin')
      .put(`/api/methods/${stale.id}`, { version: (remeasured.body as { version: number }).version, progress: (stale.progress + 10) % 100 })
      .expect(200);
    await expectTallied('a stale method checked in');
    await as('admin').put(`/api/methods/${stale.id}`, { version: (checkedIn.body as { version: number }).version, status: 'completed' }).expect(200);
    await expectTallied('a method completed');
    const v2mom = await fixtures(app.orm).v2mom('admin', 'member', 3);
    await expectTallied('a V2MOM with three methods added');
    await as('admin').delete(`/api/methods/${v2mom.method.id}`).expect(200);
    await expectTallied('a method deleted');
    const other = await fixtures(app.orm).v2mom('member', 'member', 2);
    await app.orm.em.fork().nativeUpdate(ObstacleSchema, { v2mom: other.id }, { joinedTo: v2mom.obstacle.id });
    await expectTallied('two obstacles joined to a shared one');
    await as('admin').delete(`/api/obstacles/${v2mom.obstacle.id}`).expect(200);
    await expectTallied('the shared obstacle deleted, its joined ones freed');
    await as('admin').delete(`/api/v2moms/${other.id}`).expect(200);
    await expectTallied('a V2MOM deleted with its obstacles');
    await app.orm.em.fork().nativeUpdate(MethodSchema, { v2mom: v2mom.id }, { lastCheckInAt: new Date(TEST_CLOCK_START.getTime() - LONG_AGO_MS) });
    const moved = await expectTallied('its methods last checked in long ago');
    await app.orm.em.fork().nativeUpdate(V2momSchema, { id: v2mom.id }, { year: v2mom.year - 1 });
    expect(await expectTallied('the V2MOM moved to the year before')).not.toEqual(moved);
    await as('admin').delete(`/api/v2moms/${v2mom.id}`).expect(200);
    await expectTallied('the V2MOM deleted with its methods');
  });
});

describe('the counts on a company', () => {
  // The planner weighs the demo's rows as they are, not as an empty database's defaults.
  beforeAll(() => app.orm.em.fork().getConnection().execute('analyze method, v2mom, obstacle'));

  // The partial indexes hold the very predicates the counts write (methods/method.entity.ts):
  // were they to drift apart, PostgreSQL would read the methods' rows again, and the plan would say so.
  // Without a search the methods' tabs and the obstacles are tallies the writes keep, a few rows; for whoever does
  // not read every V2MOM, less the methods and obstacles of the few never approved, found by `v2mom_unpublished_index`.
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
    expect(plan).toContain(' on obstacle_tally');
    if (capabilities.length === 0) expect(plan).toMatch(/Index (Only )?Scan using \w+ on obstacle /);
    expect(plan.includes('v2mom_unpublished_index')).toBe(capabilities.length === 0);
  });
});
