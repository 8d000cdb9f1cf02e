import {
  fiscalQuarterAt,
  hasAnyMeasure,
  nextCheckInTime,
  staleAtOf,
  staleRuleAt,
  ZItemCountsSchema,
  ZMethodPageSchema,
  ZRhythmSchema,
  type TMethodListItem,
  type TRhythm,
} from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_CLOCK_START, type TestApp } from '../../test/test-app.js';

/**
 * `stale=true` on GET /api/methods and GET /api/items/counts (docs/PRODUCT.md#stale-marks): the
 * server's SQL keeps the methods contracts' rule (`staleAtOf`, which the rows' `staleAt` is)
 * calls stale, on both sides of its boundary, at a clock the test sets.
 */

let app: TestApp;
let viewer = '';
let clock: TestClock;
let rhythm: TRhythm;

const execute = (sql: string, params: unknown[]) => app.orm.em.fork().getConnection().execute(sql, params);

beforeAll(async () => {
  clock = new TestClock(TEST_CLOCK_START);
  app = await startTestApp({ seed: 'demo', clock });
  viewer = await app.login('viewer');
  rhythm = ZRhythmSchema.parse((await app.http().get('/api/rhythm').set('Cookie', viewer).expect(200)).body);
});
afterAll(() => app.stop());

/** Every page of GET /api/methods for `query`. */
async function everyPage(query: Record<string, string | number | boolean>): Promise<TMethodListItem[]> {
  const rows: TMethodListItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await app
      .http()
      .get('/api/methods')
      .query({ ...query, limit: 11, ...(cursor ? { cursor } : {}) })
      .set('Cookie', viewer)
      .expect(200);
    const page = ZMethodPageSchema.parse(response.body);
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** Every method, as the database holds it now (the whole list's read is cached; the pages are not). */
const everyMethod = () => everyPage({});

const ids = (rows: readonly TMethodListItem[]) => rows.map((row) => row.id).sort((a, b) => a - b);

/** The methods contracts call stale at `at`. */
const staleAt = (methods: readonly TMethodListItem[], at: Date) => {
  const when = staleAtOf(rhythm, at);
  return methods.filter((method) => {
    const since = when({ status: method.status, lastCheckInAt: method.lastCheckInAt, createdAt: method.createdAt, year: method.v2mom.year });
    return since !== null && since <= at;
  });
};

describe('stale methods, decided by the server', () => {
  it("holds the methods contracts' rule calls stale, a millisecond either side of its boundary", async () => {
    const { staleBefore, year } = staleRuleAt(rhythm, TEST_CLOCK_START);
    expect(year).toBe(fiscalQuarterAt(TEST_CLOCK_START, rhythm.timeZone).year);
    const open = (await everyMethod()).filter((method) => method.v2mom.year === year && method.status !== 'completed');
    expect(open.length).toBeGreaterThan(4);
    const [checkedInJustBefore, checkedInAtIt, createdJustBefore, createdAtIt] = open;
    const before = new Date(staleBefore.getTime() - 1);
    await execute('update method set last_check_in_at = ? where id = ?', [before, checkedInJustBefore!.id]);
    // A stale method whose measures are all unset or blank, which the Measures tab's count leaves out.
    await execute(`update method set measure = ' ', current_measure = null, q1_measure = '', q2_measure = null, q3_measure = null, q4_measure = null where id = ?`, [checkedInJustBefore!.id]);
    await execute('update method set last_check_in_at = ? where id = ?', [staleBefore, checkedInAtIt!.id]);
    await execute('update method set last_check_in_at = null, created_at = ? where id = ?', [before, createdJustBefore!.id]);
    await execute('update method set last_check_in_at = null, created_at = ? where id = ?', [staleBefore, createdAtIt!.id]);

    const methods = await everyMethod();
    // One check-in time on, the methods of the period that just ended go stale too.
    const checkInTime = nextCheckInTime(rhythm, TEST_CLOCK_START);
    for (const at of [TEST_CLOCK_START, new Date(checkInTime.getTime() - 1), checkInTime]) {
      await clock.setTime(at);
      const expected = staleAt(methods, at);
      const rows = await everyPage({ stale: true });
      expect(ids(rows), at.toISOString()).toEqual(ids(expected));

      const counts = ZItemCountsSchema.parse((await app.http().get('/api/items/counts').query({ stale: true }).set('Cookie', viewer).expect(200)).body);
      expect(counts.methods, at.toISOString()).toBe(expected.length);
      expect(counts.measures, at.toISOString()).toBe(expected.filter(hasAnyMeasure).length);
      expect(counts.staleMethods, at.toISOString()).toBe(expected.length);
    }

    await clock.setTime(TEST_CLOCK_START);
    const stale = ids(await everyPage({ stale: true }));
    expect(stale).toContain(checkedInJustBefore!.id);
    expect(stale).toContain(createdJustBefore!.id);
    expect(stale).not.toContain(checkedInAtIt!.id);
    expect(stale).not.toContain(createdAtIt!.id);
  });

  it('counts the stale methods of every V2MOM apart from the search, and the search among them with stale=true', async () => {
    await clock.setTime(TEST_CLOCK_START);
    const methods = await everyMethod();
    const stale = staleAt(methods, TEST_CLOCK_START);
    expect(stale.length).toBeGreaterThan(0);
    const q = stale[0]!.v2mom.title;
    const searched = await everyPage({ q, stale: true });
    const counts = ZItemCountsSchema.parse((await app.http().get('/api/items/counts').query({ q, stale: true }).set('Cookie', viewer).expect(200)).body);
    expect(counts.methods).toBe(searched.length);
    expect(counts.measures).toBe((await everyPage({ q, stale: true, withMeasure: true })).length);
    expect(counts.staleMethods).toBe(stale.length);
    const unfiltered = ZItemCountsSchema.parse((await app.http().get('/api/items/counts').query({ q }).set('Cookie', viewer).expect(200)).body);
    expect(unfiltered.methods).toBeGreaterThanOrEqual(counts.methods);
    expect(unfiltered.staleMethods).toBe(stale.length);
  });

  it('refuses a stale flag it cannot read', async () => {
    await app.http().get('/api/methods').query({ stale: 'yes' }).set('Cookie', viewer).expect(400);
    await app.http().get('/api/items/counts').query({ stale: 'yes' }).set('Cookie', viewer).expect(400);
  });
});
