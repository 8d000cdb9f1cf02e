import { ZAsOfSchema, ZMethodPageSchema, type TAsOf, type TMethodListItem } from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { bytes, readPptx } from '../../test/deck-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/** Q2 of fiscal 2026 on the demo's clock (its rhythm is on UTC): the days the values were written. */
const START = Date.parse('2026-11-02T09:00:00Z');
const DAY_A = '2026-11-03';
const DAY_B = '2026-11-10';
const TODAY = '2026-11-12';

let app: TestApp;
let clock: TestClock;
let admin: ApiClient;
let method: TMethodListItem;
let measureId: number;
let lateMeasureId: number;
let lateMethodId: number;
let obstacleId: number;

async function tracked(id: number): Promise<TMethodListItem> {
  const methods = ZMethodPageSchema.parse((await admin.get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
  const found = methods.find((candidate) => candidate.id === id);
  if (!found) throw new Error('The method is tracked for the COO');
  return found;
}

async function at(time: string): Promise<void> {
  await clock.setTime(Date.parse(time));
  admin = (await signIn(app, ['admin']))('admin');
}

async function asOf(query: string): Promise<TAsOf> {
  return ZAsOfSchema.parse((await admin.get(`/api/as-of?${query}`).expect(200)).body);
}

function methodOf(answer: TAsOf, id: number) {
  return answer.methods.find((candidate) => candidate.methodId === id);
}

beforeAll(async () => {
  clock = new TestClock(START);
  app = await startTestApp({ seed: 'demo', clock });
  admin = (await signIn(app, ['admin']))('admin');
  const methods = ZMethodPageSchema.parse((await admin.get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
  // The first of fiscal 2026 in its V2MOM's order.
  const chosen = methods.filter((candidate) => candidate.v2mom.year === 2026).sort((a, b) => a.v2momId - b.v2momId || a.order - b.order || a.id - b.id)[0];
  if (!chosen) throw new Error('The demo tracks a method of fiscal 2026 for the COO');
  const measure = (await admin.post('/api/measures', { v2momId: chosen.v2mom.id, description: 'Stores open', current: '1 store', status: 'on_track' }).expect(201)).body;
  measureId = measure.id;

  await at(`${DAY_A}T10:00:00Z`);
  await admin.put(`/api/methods/${chosen.id}`, { version: chosen.version, progress: 20, status: 'in_progress', currentMeasure: 'Lease signed', confidence: 6 }).expect(200);
  await admin.put(`/api/measures/${measureId}`, { version: measure.version, current: '2 stores' }).expect(200);

  await at(`${DAY_B}T16:00:00Z`);
  const onB = await tracked(chosen.id);
  await admin.put(`/api/methods/${chosen.id}`, { version: onB.version, progress: 45, status: 'at_risk', currentMeasure: 'Fit-out late', confidence: 8 }).expect(200);
  obstacleId = (await admin.post('/api/obstacles', { v2momId: chosen.v2mom.id, description: 'Contractor shortage', linkedMethodIds: [chosen.id] }).expect(201)).body.id;

  await at(`${TODAY}T08:00:00Z`);
  const today = await tracked(chosen.id);
  await admin.put(`/api/methods/${chosen.id}`, { version: today.version, progress: 60, status: 'in_progress', currentMeasure: 'Doors open' }).expect(200);
  lateMeasureId = (await admin.post('/api/measures', { v2momId: chosen.v2mom.id, description: 'Staff hired' }).expect(201)).body.id;
  lateMethodId = (await admin.post('/api/methods', { v2momId: chosen.v2mom.id, description: 'Hire the team', forCooTracking: true }).expect(201)).body.id;
  method = await tracked(chosen.id);
});
afterAll(() => app.stop());

describe('GET /api/as-of: the COO-tracked methods as they were at the end of a day', () => {
  it('gives each method its progress, status, current measure and confidence of that day, from its check-ins', async () => {
    expect(methodOf(await asOf(`asOf=${DAY_A}`), method.id)?.at).toEqual({ progress: 20, status: 'in_progress', currentMeasure: 'Lease signed', confidence: 6 });
    expect(methodOf(await asOf(`asOf=2026-11-09`), method.id)?.at).toMatchObject({ progress: 20, currentMeasure: 'Lease signed' });
    expect(methodOf(await asOf(`asOf=${DAY_B}`), method.id)?.at).toEqual({ progress: 45, status: 'at_risk', currentMeasure: 'Fit-out late', confidence: 8 });
    expect(methodOf(await asOf(`asOf=${TODAY}`), method.id)?.at).toMatchObject({ progress: 60, status: 'in_progress', currentMeasure: 'Doors open' });
  });

  it('reads a day up to its end on the company clock, or up to now today', async () => {
    const answer = await asOf(`asOf=${DAY_B}`);
    expect(answer.at).toBe('2026-11-11T00:00:00.000Z');
    expect((await asOf(`asOf=${TODAY}`)).at).toBe('2026-11-12T08:00:00.000Z');
  });

  it('counts a method checked in by the day as there, though its row was written later: the demo, written on 2 November, checked in before', async () => {
    const october = await asOf('asOf=2026-10-01');
    expect(october.methods.length).toBeGreaterThan(0);
    expect(methodOf(october, lateMethodId)).toBeUndefined();
  });

  it('leaves out the methods created after the day', async () => {
    expect(methodOf(await asOf(`asOf=${DAY_B}`), lateMethodId)).toBeUndefined();
    expect(methodOf(await asOf(`asOf=${TODAY}`), lateMethodId)).toBeDefined();
  });

  it('compared with an earlier day, gives both days and the obstacles linked since', async () => {
    const answer = await asOf(`asOf=${DAY_B}&compare=${DAY_A}`);
    expect(answer.compare).toBe(DAY_A);
    const moved = methodOf(answer, method.id);
    expect(moved?.compared).toMatchObject({ progress: 20, status: 'in_progress' });
    expect(moved?.at).toMatchObject({ progress: 45, status: 'at_risk' });
    expect(moved?.newObstacles).toEqual([{ id: obstacleId, description: 'Contractor shortage' }]);
    expect(methodOf(await asOf(`asOf=${TODAY}&compare=${DAY_B}`), method.id)?.newObstacles).toEqual([]);
    expect(methodOf(await asOf(`asOf=${TODAY}&compare=${DAY_B}`), lateMethodId)?.compared).toBeNull();
  });
});

describe("GET /api/as-of for a V2MOM: its methods and its measures' values of the day, from the change log", () => {
  it("gives each measure's current value and status of the day, and none created later", async () => {
    const v2momId = method.v2mom.id;
    const first = await asOf(`asOf=2026-11-02&v2momId=${v2momId}`);
    expect(first.measures.find((row) => row.measureId === measureId)?.at).toEqual({ current: '1 store', status: 'on_track' });
    const later = await asOf(`asOf=${DAY_B}&compare=2026-11-02&v2momId=${v2momId}`);
    expect(later.measures.find((row) => row.measureId === measureId)).toEqual({ measureId, at: { current: '2 stores', status: 'on_track' }, compared: { current: '1 store', status: 'on_track' } });
    expect(later.measures.some((row) => row.measureId === lateMeasureId)).toBe(false);
    expect(methodOf(later, method.id)?.at.progress).toBe(45);
    expect(later.methods.every((row) => row.methodId !== lateMethodId)).toBe(true);
  });

  it('answers 404 for a V2MOM that does not exist', async () => {
    await admin.get(`/api/as-of?asOf=${DAY_A}&v2momId=999999`).expect(404);
  });
});

describe("the COO View's deck as of a day", () => {
  it("shows that day's methods with their values then, and says which day on its title and its table", async () => {
    const response = await admin.get(`/api/methods/coo-tracking/deck?quarter=q2&asOf=${DAY_A}`).buffer(true).parse(bytes).expect(200);
    const [title, ...slides] = (await readPptx(response.body as Buffer)).slides;
    expect(title).toContain('Fiscal year 2026 · Q2 as of 3 November 2026');
    const tables = slides.filter((slide) => slide.startsWith('Methods')).join(' ');
    expect(tables).toMatch(/^Methods( \(continued\))? · as of 3 November 2026/);
    expect(tables).toContain('In Progress');
    expect(tables).toContain('Lease signed 20%');
    expect(tables).not.toContain('Doors open');
    expect(tables).not.toContain('Hire the team');
  });

  it('refuses a day after today, as the screens do', async () => {
    const answer = await admin.get('/api/methods/coo-tracking/deck?quarter=q2&asOf=2026-11-13').expect(400);
    expect(JSON.stringify(answer.body)).toContain('from 2026-08-01 to 2026-11-12');
  });
});

describe('GET /api/as-of refuses a day it cannot show', () => {
  it.each([
    ['a day after today', `asOf=2026-11-13`, 'from 2026-08-01 to 2026-11-12'],
    ['a day before the fiscal year', `asOf=2026-07-31`, 'from 2026-08-01 to 2026-11-12'],
    ['a comparison after the day shown', `asOf=${DAY_A}&compare=${DAY_B}`, 'Compare with a day before the one shown'],
    ['a comparison in another year', `asOf=${DAY_A}&compare=2025-12-01`, 'from 2026-08-01 to 2026-11-12'],
    ['not a date', `asOf=yesterday`, ''],
  ])('%s: 400', async (_case, query, message) => {
    const answer = await admin.get(`/api/as-of?${query}`).expect(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });

  it('answers 401 without a session', async () => {
    await app.http().get(`/api/as-of?asOf=${DAY_A}`).expect(401);
  });
});
