import { quarterEnd, ZQuarterResultsSchema, ZQuarterScorecardSchema } from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { Method } from '../../modules/methods/method.entity.js';
import { QuarterReview } from '../../modules/quarter-reviews/quarter-review.entity.js';
import { DemoSeeder } from './DemoSeeder.js';

/** Seeded in Q2 of fiscal 2026, four weeks after Q1 ended (the demo's rhythm is on UTC). */
const TODAY = new Date('2026-11-28T12:00:00Z');
const Q1 = { year: 2026, quarter: 'q1' } as const;

let app: TestApp;
let as: (username: string) => ApiClient;
beforeAll(async () => {
  const clock = new TestClock(TODAY.getTime());
  app = await startTestApp({ clock });
  await app.orm.em.fork().transactional((em) => new DemoSeeder({ password: DEMO_PASSWORD, today: TODAY }).run(em));
  as = await signIn(app, ['coo']);
});
afterAll(() => app.stop());

describe('the demo quarter reviews', () => {
  it('review most methods of the last finished quarter, a mix of results, and leave some not reviewed', async () => {
    const scorecard = ZQuarterScorecardSchema.parse((await as('coo').get('/api/quarter-scorecard').expect(200)).body);
    expect(scorecard).toMatchObject(Q1);
    const { met, partlyMet, missed, notReviewed } = scorecard.total;
    expect(met).toBeGreaterThan(0);
    expect(partlyMet).toBeGreaterThan(0);
    expect(missed).toBeGreaterThan(0);
    expect(notReviewed).toBeGreaterThan(0);
    expect(met + partlyMet + missed).toBeGreaterThan(2 * notReviewed);
    expect(scorecard.departments.length).toBeGreaterThan(3);
  });

  it("say what the check-ins say the quarter ended at, with its goal and measure, reviewed by the owner after the end", async () => {
    const em = app.orm.em.fork();
    const reviews = await em.findAll(QuarterReview);
    const methodIds = reviews.map((review) => review.method.id);
    const methods = new Map((await em.find(Method, { id: { $in: methodIds } })).map((method) => [method.id, method]));
    const results = ZQuarterResultsSchema.parse((await as('coo').post('/api/quarter-results', { ...Q1, methodIds }).expect(200)).body);
    const endsAt = quarterEnd(Q1, 'UTC');
    expect(results.methods).toHaveLength(reviews.length);
    for (const outcome of results.methods) {
      const review = reviews.find((candidate) => candidate.method.id === outcome.methodId);
      const method = methods.get(outcome.methodId);
      expect(outcome.review).toMatchObject({ ...Q1, ...outcome.atEnd, goal: method?.q1Goal ?? null, measure: method?.q1Measure ?? null });
      expect(review?.reflection.length).toBeGreaterThan(10);
      expect(review?.reviewedBy?.id).toBe(method?.owner?.id);
      expect(review?.reviewedAt.getTime()).toBeGreaterThan(endsAt.getTime());
      expect(review?.reviewedAt.getTime()).toBeLessThanOrEqual(TODAY.getTime());
    }
    // Not every method ended the quarter where it is now: the values are the quarter's end's.
    expect(results.methods.some((outcome) => outcome.atEnd.progress < (methods.get(outcome.methodId)?.progress ?? 0))).toBe(true);
  });

  it('are seeded only while the last finished quarter is of the demo fiscal year', async () => {
    // Beside the first app, so on its clock (one process, one clock): the seed's own `today` decides.
    const early = await startTestApp({ clock: app.clock });
    try {
      await early.orm.em.fork().transactional((em) => new DemoSeeder({ password: DEMO_PASSWORD, today: new Date('2026-09-15T12:00:00Z') }).run(em));
      expect(await early.orm.em.fork().count(QuarterReview)).toBe(0);
      expect(await early.orm.em.fork().count(Method)).toBeGreaterThan(0);
    } finally {
      await early.stop();
    }
  });
});
