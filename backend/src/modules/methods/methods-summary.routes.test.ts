import { ZMethodsSummarySchema, atRiskCount, methodsOnTrack, methodsOnTrackOf, overallCompletion, overallCompletionOf } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures } from '../../test/fixtures.js';
import { readEveryMethod } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { selectRows } from '../read-db.js';
import { anyMeasure } from './method-page.read.js';
import { methodsSummary } from './methods-summary.read.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['viewer', 'admin']);
});
afterAll(() => app.stop());

async function summary() {
  return ZMethodsSummarySchema.parse((await as('viewer').get('/api/methods/summary').expect(200)).body);
}

function everyMethod() {
  return readEveryMethod(as('viewer'));
}

/** The database's counts give the figures the list helpers give from every method. */
async function expectSameFigures() {
  const [counts, methods] = await Promise.all([summary(), everyMethod()]);
  expect(methodsOnTrackOf(counts)).toEqual(methodsOnTrack(methods));
  expect(overallCompletionOf(counts)).toBe(overallCompletion(methods));
  expect(counts.atRisk).toBe(atRiskCount(methods));
  return counts;
}

describe('GET /api/methods/summary', () => {
  it('counts the demo methods as the dashboard helpers do', async () => {
    const counts = await expectSameFigures();
    expect(counts.total).toBeGreaterThan(0);
    expect(counts.onTrack).toBeGreaterThan(counts.completed);
  });

  it('follows a change of status at once', async () => {
    const before = await summary();
    const method = (await everyMethod()).find((candidate) => candidate.status === 'in_progress');
    if (!method) throw new Error('The demo has an in-progress method');
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, status: 'at_risk' }).expect(200);
    const after = await expectSameFigures();
    expect(after).toEqual({ ...before, onTrack: before.onTrack - 1, atRisk: before.atRisk + 1 });
  });

  it('keeps what a count of the methods says through every kind of write', async () => {
    /** The figures counted from the methods themselves, and those with a measure, against the tally's. */
    const expectTallied = async (step: string) => {
      const [counted] = await selectRows(app.orm.em.fork(), (db) =>
        db
          .selectFrom('method as m')
          .select((eb) => [
            eb.cast<number>(eb.fn.countAll(), 'integer').as('total'),
            eb.cast<number>(eb.fn.countAll().filterWhere('m.status', 'in', ['completed', 'in_progress']), 'integer').as('onTrack'),
            eb.cast<number>(eb.fn.countAll().filterWhere('m.status', '=', 'completed'), 'integer').as('completed'),
            eb.cast<number>(eb.fn.countAll().filterWhere('m.status', '=', 'at_risk'), 'integer').as('atRisk'),
            eb.cast<number>(eb.fn.countAll().filterWhere(anyMeasure), 'integer').as('measured'),
          ]),
      );
      const { measured, ...figures } = counted!;
      expect(await summary(), step).toEqual(figures);
      const counts = (await as('viewer').get('/api/items/counts').expect(200)).body as { methods: number; measures: number };
      expect(counts, step).toMatchObject({ methods: figures.total, measures: measured });
    };
    await expectTallied('as seeded');
    const v2mom = await fixtures(app.orm).v2mom('admin', 'member', 3);
    await expectTallied('a V2MOM with three methods added');
    const changed = await as('admin').put(`/api/methods/${v2mom.method.id}`, { version: v2mom.method.version, status: 'completed', measure: 'Ten shipped' }).expect(200);
    await expectTallied('a method completed, with a measure');
    await as('admin').put(`/api/methods/${v2mom.method.id}`, { version: (changed.body as { version: number }).version, progress: 40 }).expect(200);
    await expectTallied('a progress alone');
    await as('admin').delete(`/api/methods/${v2mom.method.id}`).expect(200);
    await expectTallied('a method deleted');
    await as('admin').delete(`/api/v2moms/${v2mom.id}`).expect(200);
    await expectTallied('the V2MOM deleted with its methods');
  });

  it('is zeros, and 0 % on track and completed, with no method at all', async () => {
    const empty = await startTestApp();
    try {
      const counts = await methodsSummary(empty.orm.em.fork(), { id: 1, capabilities: [] });
      expect(counts).toEqual({ total: 0, onTrack: 0, completed: 0, atRisk: 0 });
      expect(methodsOnTrackOf(counts)).toEqual(methodsOnTrack([]));
      expect(overallCompletionOf(counts)).toBe(overallCompletion([]));
    } finally {
      await empty.stop();
    }
  });

  it('asks for a session', async () => {
    await app.http().get('/api/methods/summary').expect(401);
  });
});
