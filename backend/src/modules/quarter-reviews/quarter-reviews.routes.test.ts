import {
  LIVE_EVENTS,
  MAX_PAGE_SIZE,
  quarterEnd,
  ZAuditListSchema,
  ZCurrentQuarterReviewSchema,
  ZQuarterResultsSchema,
  ZQuarterReviewSchema,
  ZQuarterScorecardSchema,
  ZV2momCompleteSchema,
  type TMethodListItem,
  type TQuarterScorecard,
  type TScorecardCounts,
} from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { asForm } from '../../test/document-form.js';
import { connectClient, EventLog, listen } from '../../test/live-client.js';
import { readEveryMethod } from '../../test/paged-list.js';
import { fixtures } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { CheckIn } from '../checkins/check-in.entity.js';
import { Department } from '../departments/department.entity.js';
import { Method } from '../methods/method.entity.js';
import { selectRows } from '../read-db.js';
import { User } from '../users/user.entity.js';
import { unpublishedV2momIds } from '../v2moms/v2mom-visibility.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { QuarterReview } from './quarter-review.entity.js';

const DAY = 86_400_000;

/** The demo's fiscal year, and the end of its Q2 (the demo's rhythm is on UTC): the server's clock starts three days later. */
const year = 2026;
const q2End = quarterEnd({ year, quarter: 'q2' }, 'UTC');

let app: TestApp;
let as: (username: string) => ApiClient;
let clock: TestClock;
let methods: TMethodListItem[];

const NAMES: Record<string, string> = { member: 'Morgan Diaz', lead: 'Logan Lee' };
const owned = (username: string) => methods.filter((method) => method.owner?.name === NAMES[username] && method.v2mom.year === year).sort((a, b) => Number(b.q2Goal !== null) - Number(a.q2Goal !== null));

function allMethods(): Promise<TMethodListItem[]> {
  return readEveryMethod(as('viewer'));
}

function reviewBy(client: ApiClient, method: TMethodListItem, body: object = {}) {
  return client.post('/api/quarter-reviews', { methodId: method.id, year, quarter: 'q2', result: 'met', reflection: 'Hit the target', ...body });
}

function review(username: string, method: TMethodListItem, body: object = {}) {
  return reviewBy(as(username), method, body);
}

/** Signs `username` in on the clock as it is: a session signed in before the clock jumped over a week ahead has expired there. */
async function signedInNow(username: string): Promise<ApiClient> {
  return (await signIn(app, [username]))(username);
}

beforeAll(async () => {
  clock = new TestClock(q2End.getTime() + 3 * DAY);
  app = await startTestApp({ seed: 'demo', clock });
  // The demo has reviewed the quarter that ended last, this file's Q2: it starts from none.
  await app.orm.em.fork().nativeDelete(QuarterReview, {});
  as = await signIn(app, ['admin', 'coo', 'lead', 'member', 'viewer']);
  methods = await allMethods();
});
afterAll(() => app.stop());

describe('the quarter under review', () => {
  it('is the one whose window the server clock is in, and none between windows', async () => {
    const open = ZCurrentQuarterReviewSchema.parse((await as('viewer').get('/api/quarter-reviews/current').expect(200)).body);
    expect(open.open).toMatchObject({ year, quarter: 'q2', endsAt: q2End.toISOString() });
    await clock.setTime(q2End.getTime() + 40 * DAY);
    const later = await signedInNow('viewer');
    const closed = ZCurrentQuarterReviewSchema.parse((await later.get('/api/quarter-reviews/current').expect(200)).body);
    expect(closed).toEqual({ open: null, now: new Date(q2End.getTime() + 40 * DAY).toISOString() });
    await clock.setTime(q2End.getTime() + 3 * DAY);
  });
});

describe('reviewing a quarter', () => {
  it("takes the owner's result with the goal, measure and values at the quarter's end, read from the check-ins", async () => {
    const [method] = owned('member');
    if (!method) throw new Error('The demo gives Morgan a method with a Q2 goal');
    // Check-ins either side of the quarter's end: the one before it is what the quarter ended at.
    await app.orm.em.fork().insertMany(CheckIn, [
      { method: method.id, at: new Date(q2End.getTime() - 1_000), progress: 33, status: 'at_risk' as const, currentMeasure: 'ended here', prevProgress: 20, prevStatus: 'in_progress' as const },
      { method: method.id, at: new Date(q2End.getTime() + 1_000), progress: 90, status: 'in_progress' as const, currentMeasure: 'after the end', prevProgress: 33, prevStatus: 'at_risk' as const, prevCurrentMeasure: 'ended here' },
    ]);
    const saved = ZQuarterReviewSchema.parse((await review('member', method, { result: 'partly_met' }).expect(201)).body);
    expect(saved).toMatchObject({
      methodId: method.id,
      year,
      quarter: 'q2',
      result: 'partly_met',
      reflection: 'Hit the target',
      goal: method.q2Goal,
      measure: method.q2Measure,
      progress: 33,
      status: 'at_risk',
      currentMeasure: 'ended here',
      reviewedBy: { name: 'Morgan Diaz' },
      reviewedAt: new Date(q2End.getTime() + 3 * DAY).toISOString(),
    });
    const again = await review('member', method).expect(409);
    expect(again.body.message).toMatch(/already reviewed/);

    const results = ZQuarterResultsSchema.parse((await as('coo').post('/api/quarter-results', { year, quarter: 'q2', methodIds: [method.id] }).expect(200)).body);
    expect(results).toMatchObject({ ended: true, endsAt: q2End.toISOString() });
    expect(results.methods).toEqual([{ methodId: method.id, goal: method.q2Goal, measure: method.q2Measure, atEnd: { progress: 33, status: 'at_risk', currentMeasure: 'ended here' }, review: saved }]);
  });

  it('is open to the owner and manage_structure only; anyone else gets a 403', async () => {
    const [method] = owned('member').slice(1);
    if (!method) throw new Error('The demo gives Morgan two methods');
    for (const username of ['lead', 'coo', 'viewer']) {
      const refused = await review(username, method).expect(403);
      expect(refused.body.message).toBe("Only the method's owner can review its quarter");
    }
    await review('admin', method, { result: 'missed' }).expect(201);
  });

  it('is refused outside the window and for another quarter, with a clear 400, and stores nothing', async () => {
    const [, , method] = owned('member');
    const other = owned('lead')[0];
    if (!method || !other) throw new Error('The demo has the methods this test needs');
    const wrongQuarter = await review('member', method, { quarter: 'q3' }).expect(400);
    expect(wrongQuarter.body.message).toBe(`Q3 FY${year} is not open for review. Only Q2 FY${year} is open for review now: a quarter opens two weeks before it ends and closes four weeks after.`);
    await clock.setTime(q2End.getTime() + 29 * DAY);
    const late = await reviewBy(await signedInNow('member'), method).expect(400);
    expect(late.body.message).toMatch(/^Q2 FY\d+ is not open for review. No quarter is open for review now/);
    await clock.setTime(q2End.getTime() + 3 * DAY);
    const results = ZQuarterResultsSchema.parse((await as('coo').post('/api/quarter-results', { year, quarter: 'q2', methodIds: [method.id] }).expect(200)).body);
    expect(results.methods[0]?.review).toBeNull();
  });

  it('refuses bad input with a 4xx that names the field', async () => {
    const [method] = owned('lead');
    if (!method) throw new Error('The demo gives Logan a method');
    const badResult = await review('lead', method, { result: 'great' }).expect(400);
    expect(badResult.body.fieldErrors.result).toEqual(['Choose Met, Partly met or Missed']);
    const blank = await review('lead', method, { reflection: '  ' }).expect(400);
    expect(blank.body.fieldErrors.reflection).toEqual(['Write a short reflection']);
    await review('lead', { ...method, id: 999_999 }).expect(404);
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    await as('coo').post('/api/quarter-results', { year, quarter: 'q2', methodIds: ids(MAX_PAGE_SIZE) }).expect(200);
    const tooMany = await as('coo').post('/api/quarter-results', { year, quarter: 'q2', methodIds: ids(MAX_PAGE_SIZE + 1) }).expect(400);
    expect(tooMany.body.fieldErrors.methodIds).toEqual(['At most 200 methods at once']);
  });

  it("goes gzip-encoded to a client that accepts it: a screen asks for a page's worth of methods", async () => {
    const methodIds = (await allMethods()).map((method) => method.id).slice(0, MAX_PAGE_SIZE);
    const body = { year, quarter: 'q2', methodIds };
    const plain = await as('coo').post('/api/quarter-results', body).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
    const zipped = await as('coo').post('/api/quarter-results', body).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(ZQuarterResultsSchema.parse(zipped.body)).toEqual(ZQuarterResultsSchema.parse(plain.body));
  });
});

describe('a reviewed quarter', () => {
  it("keeps its goal and measure: a method's PUT that changes them is a 409 and changes nothing", async () => {
    const [method] = owned('member');
    const current = (await allMethods()).find((row) => row.id === method?.id);
    if (!current) throw new Error('The reviewed method is still there');
    const refused = await as('admin').put(`/api/methods/${current.id}`, { version: current.version, q2Goal: 'Moved goal posts' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'quarter_reviewed', reviewed: [{ methodId: current.id, quarter: 'q2' }] });
    expect(refused.body.message).toBe('Q2 is reviewed: its goal and measure cannot change. Someone who manages the structure can reopen the review.');
    expect((await allMethods()).find((row) => row.id === current.id)).toEqual(current);
    // Another quarter's goal, and other fields, still change.
    await as('admin').put(`/api/methods/${current.id}`, { version: current.version, q3Goal: 'Next step' }).expect(200);
  });

  it('keeps them through the V2MOM document save too, which then saves nothing', async () => {
    const [method] = owned('member');
    if (!method) throw new Error('The demo gives Morgan a method with a Q2 goal');
    const document = ZV2momCompleteSchema.parse((await as('admin').get(`/api/v2moms/${method.v2mom.id}/complete`).expect(200)).body);
    const form = asForm(document);
    const index = document.methods.findIndex((row) => row.id === method.id);
    form.methods[index] = { ...form.methods[index]!, q2Measure: 'A lower bar', description: 'Renamed at the same time' } as (typeof form.methods)[number];
    const refused = await as('admin').put(`/api/v2moms/${document.id}/complete`, { ...form, title: 'Renamed V2MOM' }).expect(409);
    expect(refused.body.code).toBe('quarter_reviewed');
    expect(ZV2momCompleteSchema.parse((await as('admin').get(`/api/v2moms/${method.v2mom.id}/complete`).expect(200)).body)).toEqual(document);
  });

  it('is reopened by manage_structure only, audited and live; then its goal changes and the owner reviews again', async () => {
    const [method] = owned('member');
    if (!method) throw new Error('The demo gives Morgan a method with a Q2 goal');
    const results = ZQuarterResultsSchema.parse((await as('coo').post('/api/quarter-results', { year, quarter: 'q2', methodIds: [method.id] }).expect(200)).body);
    const reviewed = results.methods[0]?.review;
    if (!reviewed) throw new Error('The method was reviewed above');
    const watcher = await connectClient(await listen(app.server), await app.login('coo'), { reconnection: false });
    const events = new EventLog(watcher, LIVE_EVENTS.entityChanged);

    const refused = await as('member').delete(`/api/quarter-reviews/${reviewed.id}`).expect(403);
    expect(refused.body.message).toBe('Only someone who manages the structure can reopen a quarter review');
    await as('admin').delete(`/api/quarter-reviews/${reviewed.id}?version=${reviewed.version + 1}`).expect(409);
    await as('admin').delete(`/api/quarter-reviews/${reviewed.id}?version=${reviewed.version}`).expect(200);
    expect(await events.next((change) => change.entity === 'quarterReview')).toMatchObject({ operation: 'deleted', id: reviewed.id });

    const audit = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit?limit=5').expect(200)).body);
    expect(audit.find((entry) => entry.action === 'quarter_review.reopened')).toMatchObject({
      actor: { name: 'Avery Admin' },
      subject: `Q2 FY${year} of “${method.description}”`,
      before: { result: 'partly_met', reflection: 'Hit the target', reviewedBy: 'Morgan Diaz' },
    });

    const current = (await allMethods()).find((row) => row.id === method.id)!;
    await as('admin').put(`/api/methods/${method.id}`, { version: current.version, q2Goal: 'Restated goal' }).expect(200);
    const again = ZQuarterReviewSchema.parse((await review('member', method).expect(201)).body);
    expect(again.goal).toBe('Restated goal');
    expect(await events.next((change) => change.entity === 'quarterReview' && change.operation === 'created')).toMatchObject({ id: again.id, row: { goal: 'Restated goal' } });
    watcher.disconnect();
  });
});

describe('the quarter scorecard', () => {
  it('counts the last finished quarter per department: met, partly met, missed and not reviewed', async () => {
    const scorecard = ZQuarterScorecardSchema.parse((await as('viewer').get('/api/quarter-scorecard').expect(200)).body);
    expect(scorecard).toMatchObject({ year, quarter: 'q2', endsAt: q2End.toISOString() });
    const marketing = scorecard.departments.find((row) => row.department === 'Marketing');
    expect(marketing).toMatchObject({ met: 1, missed: 1, partlyMet: 0 });
    const methodsOfYear = methods.filter((method) => method.v2mom.year === year).length;
    const { met, partlyMet, missed, notReviewed } = scorecard.total;
    expect(met + partlyMet + missed + notReviewed).toBe(methodsOfYear);
    expect(met + partlyMet + missed).toBe(2);
  });

  it('goes compressed to clients that accept it, as it is read afresh every time (one row a department)', async () => {
    const answer = await as('viewer').get('/api/quarter-scorecard').set('Accept-Encoding', 'gzip').expect(200);
    // The compression middleware names the header its answers vary by, whatever their size.
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
  });
});

/** The scorecard's departments as a grouping of the methods counts them at the read: what the tally must always answer. */
async function groupedScorecard(): Promise<TQuarterScorecard['departments']> {
  const rows = await selectRows(app.orm.em.fork(), (db) =>
    db
      .selectFrom('method as m')
      .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
      .innerJoin('user as vo', 'vo.id', 'v.owner_id')
      .leftJoin('user as mo', 'mo.id', 'm.owner_id')
      .innerJoin('department as d', (join) => join.on((eb) => eb('d.id', '=', eb.fn.coalesce('mo.department_id', 'vo.department_id'))))
      .leftJoin('quarter_review as r', (join) => join.onRef('r.method_id', '=', 'm.id').on('r.year', '=', year).on('r.quarter', '=', 'q2'))
      .select((eb) => ['d.name as department', 'r.result', eb.fn.countAll<number>().as('methods')])
      .where('v.year', '=', year)
      .where('v.id', 'not in', unpublishedV2momIds(db))
      .groupBy(['d.name', 'r.result'])
      .orderBy('d.name'),
  );
  const departments = new Map<string, TScorecardCounts>();
  const key = { met: 'met', partly_met: 'partlyMet', missed: 'missed' } as const;
  for (const row of rows) {
    const counts = departments.get(row.department) ?? { met: 0, partlyMet: 0, missed: 0, notReviewed: 0 };
    counts[row.result ? key[row.result] : 'notReviewed'] += Number(row.methods);
    departments.set(row.department, counts);
  }
  return [...departments].map(([department, counts]) => ({ department, ...counts }));
}

/** The scorecard as the server answers it, which must be the grouping's. */
async function agreedScorecard(): Promise<TQuarterScorecard> {
  const scorecard = ZQuarterScorecardSchema.parse((await as('viewer').get('/api/quarter-scorecard').expect(200)).body);
  expect(scorecard.departments).toEqual(await groupedScorecard());
  return scorecard;
}

/** A department's counts on the scorecard, `[met, partlyMet, missed, notReviewed]`; none when it has no method of the year. */
async function countsOf(...departments: string[]): Promise<(number[] | null)[]> {
  const scorecard = await agreedScorecard();
  return departments.map((name) => {
    const row = scorecard.departments.find((department) => department.department === name);
    return row ? [row.met, row.partlyMet, row.missed, row.notReviewed] : null;
  });
}

describe("the quarter scorecard's counts, kept by each write", () => {
  const make = () => fixtures(app.orm);
  const em = () => app.orm.em.fork();
  let one: { id: number; name: string };
  let other: { id: number; name: string };
  let first: number;
  let second: number;

  beforeAll(async () => {
    const fixture = make();
    one = await fixture.department();
    other = await fixture.department();
    first = await fixture.user('scorecard-first', one.name);
    second = await fixture.user('scorecard-second', other.name);
  });

  it('count a new method of the year in its owner\'s department until reviewed, then in its result; a result changed or reopened moves it back', async () => {
    const v2mom = await make().v2mom('scorecard-first', 'scorecard-first', 2);
    expect(await countsOf(one.name)).toEqual([[0, 0, 0, 2]]);
    const review = await make().quarterReview(v2mom.method);
    expect(await countsOf(one.name)).toEqual([[1, 0, 0, 1]]);
    await em().nativeUpdate(QuarterReview, review.id, { result: 'missed' });
    expect(await countsOf(one.name)).toEqual([[0, 0, 1, 1]]);
    await em().nativeDelete(QuarterReview, review.id);
    expect(await countsOf(one.name)).toEqual([[0, 0, 0, 2]]);
  });

  it("move a method given another owner, none (its V2MOM owner's department) or another V2MOM, and take a deleted one off with its result", async () => {
    const v2mom = await make().v2mom('scorecard-first', 'scorecard-first', 1);
    const theirs = await make().v2mom('scorecard-second', 'scorecard-second', 1);
    const before = await countsOf(one.name, other.name);
    const moved = (a: number[], b: number[]) => [a.map((n, i) => n + (before[0]?.[i] ?? 0)), b.map((n, i) => n + (before[1]?.[i] ?? 0))];
    await make().quarterReview(v2mom.method);
    expect(await countsOf(one.name, other.name)).toEqual(moved([1, 0, 0, -1], [0, 0, 0, 0]));
    await em().nativeUpdate(Method, v2mom.method.id, { owner: second });
    expect(await countsOf(one.name, other.name)).toEqual(moved([0, 0, 0, -1], [1, 0, 0, 0]));
    await em().nativeUpdate(Method, v2mom.method.id, { owner: null });
    expect(await countsOf(one.name, other.name)).toEqual(moved([1, 0, 0, -1], [0, 0, 0, 0]));
    await em().nativeUpdate(Method, v2mom.method.id, { v2mom: theirs.id });
    expect(await countsOf(one.name, other.name)).toEqual(moved([0, 0, 0, -1], [1, 0, 0, 0]));
    await em().nativeDelete(Method, v2mom.method.id);
    expect(await countsOf(one.name, other.name)).toEqual(moved([0, 0, 0, -1], [0, 0, 0, 0]));
  });

  it("move a person's methods, and those with no owner of their V2MOMs, with their department", async () => {
    const fixture = make();
    const department = await fixture.department();
    const mover = await fixture.user('scorecard-mover', department.name);
    const v2mom = await fixture.v2mom('scorecard-mover', 'scorecard-mover', 2);
    await em().nativeUpdate(Method, v2mom.method.id, { owner: null });
    await fixture.quarterReview(v2mom.method);
    const before = await countsOf(other.name);
    expect(await countsOf(department.name)).toEqual([[1, 0, 0, 1]]);
    await em().nativeUpdate(User, mover, { department: other.id });
    const [after] = await countsOf(other.name);
    expect(after).toEqual([1, 0, 0, 1].map((n, i) => n + (before[0]?.[i] ?? 0)));
    expect(await countsOf(department.name)).toEqual([null]);
  });

  it("move a V2MOM's methods with no owner with its owner, and take them off while it is a draft never approved or of another year", async () => {
    const v2mom = await make().v2mom('scorecard-first', 'scorecard-first', 2);
    await em().nativeUpdate(Method, v2mom.method.id, { owner: null });
    await make().quarterReview(v2mom.method);
    const [mine, theirs] = await countsOf(one.name, other.name);
    const plus = (counts: number[] | null | undefined, added: number[]) => added.map((n, i) => n + (counts?.[i] ?? 0));
    await em().nativeUpdate(V2mom, v2mom.id, { owner: second });
    expect(await countsOf(one.name, other.name)).toEqual([plus(mine, [-1, 0, 0, 0]), plus(theirs, [1, 0, 0, 0])]);
    await em().nativeUpdate(V2mom, v2mom.id, { owner: first, approval: 'draft' });
    expect(await countsOf(one.name)).toEqual([plus(mine, [-1, 0, 0, -1])]);
    await em().nativeUpdate(V2mom, v2mom.id, { approval: 'approved', approvedAt: new Date() });
    expect(await countsOf(one.name)).toEqual([mine]);
    // Asked for changes once approved, it stays where everyone reads it.
    await em().nativeUpdate(V2mom, v2mom.id, { approval: 'changes_requested' });
    expect(await countsOf(one.name)).toEqual([mine]);
    await em().nativeUpdate(V2mom, v2mom.id, { year: year + 1 });
    expect(await countsOf(one.name)).toEqual([plus(mine, [-1, 0, 0, -1])]);
    await em().nativeUpdate(V2mom, v2mom.id, { year });
    expect(await countsOf(one.name)).toEqual([mine]);
  });

  it('take a deleted V2MOM\'s methods off with their results, and a deleted person\'s methods to their V2MOM owner\'s department', async () => {
    const fixture = make();
    const [mine, theirs] = await countsOf(one.name, other.name);
    const v2mom = await fixture.v2mom('scorecard-first', 'scorecard-first', 2);
    await fixture.quarterReview(v2mom.method);
    await em().nativeDelete(V2mom, v2mom.id);
    expect(await countsOf(one.name, other.name)).toEqual([mine, theirs]);

    const leaving = await fixture.user('scorecard-leaving', other.name);
    const kept = await fixture.v2mom('scorecard-first', 'scorecard-leaving', 1);
    await fixture.quarterReview(kept.method);
    const plus = (counts: number[] | null | undefined, added: number[]) => added.map((n, i) => n + (counts?.[i] ?? 0));
    expect(await countsOf(one.name, other.name)).toEqual([mine, plus(theirs, [1, 0, 0, 0])]);
    await em().nativeDelete(User, leaving);
    expect(await countsOf(one.name, other.name)).toEqual([plus(mine, [1, 0, 0, 0]), theirs]);
  });

  it('name a department as it is named at the read', async () => {
    await em().nativeUpdate(Department, one.id, { name: `${one.name} renamed` });
    const [renamed] = await countsOf(`${one.name} renamed`);
    expect(renamed).not.toBeNull();
    expect(await countsOf(one.name)).toEqual([null]);
    await em().nativeUpdate(Department, one.id, { name: one.name });
  });

  it("stay the grouping's through a burst of statements over many rows of every counted table", async () => {
    const methodsOfYear = await selectRows(em(), (db) =>
      db
        .selectFrom('method as m')
        .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
        .leftJoin('quarter_review as r', (join) => join.onRef('r.method_id', '=', 'm.id').on('r.year', '=', year).on('r.quarter', '=', 'q2'))
        .select(['m.id', 'm.owner_id', 'v.id as v2mom_id', 'r.id as review_id'])
        .where('v.year', '=', year)
        .orderBy('m.id'),
    );
    const fixture = make();
    for (const method of methodsOfYear.filter((row, i) => i % 3 === 0 && row.review_id === null)) await fixture.quarterReview(method);
    const ids = methodsOfYear.map((method) => method.id);
    const owners = [...new Set(methodsOfYear.flatMap((method) => (method.owner_id === null ? [] : [method.owner_id])))];
    const v2moms = [...new Set(methodsOfYear.map((method) => method.v2mom_id))];
    const writer = em();
    await writer.nativeUpdate(QuarterReview, { method: { $in: ids.filter((_, i) => i % 2 === 0) } }, { result: 'partly_met' });
    await writer.nativeUpdate(Method, { id: { $in: ids.filter((_, i) => i % 4 === 1) } }, { owner: second });
    await writer.nativeUpdate(Method, { id: { $in: ids.filter((_, i) => i % 5 === 2) } }, { owner: null });
    await writer.nativeUpdate(User, { id: { $in: owners.filter((_, i) => i % 3 === 0) } }, { department: one.id });
    await writer.nativeUpdate(V2mom, { id: { $in: v2moms.filter((_, i) => i % 4 === 0) } }, { approval: 'submitted', approvedAt: null });
    await writer.nativeUpdate(V2mom, { id: { $in: v2moms.filter((_, i) => i % 4 === 1) } }, { owner: first });
    await writer.nativeDelete(QuarterReview, { method: { $in: ids.filter((_, i) => i % 6 === 0) } });
    await writer.nativeDelete(Method, { id: { $in: ids.filter((_, i) => i % 7 === 3) } });
    const scorecard = await agreedScorecard();
    expect(scorecard.total.met + scorecard.total.partlyMet + scorecard.total.missed).toBeGreaterThan(0);
  });
});
