import { quarterEnd, ZCreatedRoomLinkSchema, ZMethodPageSchema, ZRoomViewSchema, type TMethodListItem } from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { bytes, readPptx } from '../../test/deck-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const DAY = 86_400_000;

/** The demo's fiscal year and the end of its Q1 (the demo's rhythm is on UTC). */
const year = 2026;
const q1End = quarterEnd({ year, quarter: 'q1' }, 'UTC');
const DESCRIPTION = 'Open the Lisbon office';

let app: TestApp;
let clock: TestClock;
let admin: ApiClient;
let method: TMethodListItem;

async function trackedMethod(id: number): Promise<TMethodListItem> {
  const methods = ZMethodPageSchema.parse((await admin.get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
  const found = methods.find((candidate) => candidate.id === id);
  if (!found) throw new Error('The method is tracked for the COO');
  return found;
}

/** The texts of the COO View's deck of `quarter`, slide by slide: its table's rows read cell after cell. */
async function deckSlides(quarter: string): Promise<string[]> {
  const response = await admin.get(`/api/methods/coo-tracking/deck?quarter=${quarter}`).buffer(true).parse(bytes).expect(200);
  return (await readPptx(response.body as Buffer)).slides;
}

beforeAll(async () => {
  // Two days before Q1 ends, the method's owner checks in: that is how Q1 ends for it.
  clock = new TestClock(q1End.getTime() - 2 * DAY);
  app = await startTestApp({ seed: 'demo', clock });
  admin = (await signIn(app, ['admin']))('admin');
  const tracked = ZMethodPageSchema.parse((await admin.get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
  const chosen = tracked.find((candidate) => candidate.v2mom.year === year && candidate.owner !== null);
  if (!chosen) throw new Error('The demo tracks a method of its fiscal year for the COO');
  await admin
    .put(`/api/methods/${chosen.id}`, { version: chosen.version, description: DESCRIPTION, q1Goal: 'Sign the lease', q2Goal: 'Open the doors', progress: 8, status: 'in_progress', currentMeasure: 'Lease signed' })
    .expect(200);
  // Three days into Q2 it changes again.
  await clock.setTime(q1End.getTime() + 3 * DAY);
  admin = (await signIn(app, ['admin']))('admin');
  const ended = await trackedMethod(chosen.id);
  await admin.put(`/api/methods/${chosen.id}`, { version: ended.version, progress: 10, status: 'at_risk', currentMeasure: 'Fit-out late' }).expect(200);
  method = await trackedMethod(chosen.id);
});
afterAll(() => app.stop());

describe('a past quarter on the COO View deck and the meeting-room screen', () => {
  it("the deck's rows for Q1 show each method as Q1 ended, and Q2's show it today", async () => {
    const owner = method.owner?.name ?? '';
    const q1 = (await deckSlides('q1')).join(' ');
    expect(q1).toContain(`${DESCRIPTION} ${owner} In Progress Sign the lease Lease signed 8%`);
    expect(q1).not.toContain('Fit-out late');
    const q2 = (await deckSlides('q2')).join(' ');
    expect(q2).toContain(`${DESCRIPTION} ${owner} At Risk Open the doors Fit-out late 10%`);
  });

  it('the deck of Q1 says, as the cards do, that it shows Q1 as it ended: on its title and on each slide of the table; of Q2, it does not', async () => {
    const [title, ...slides] = await deckSlides('q1');
    expect(title).toContain(`Fiscal year ${year} · Q1 as it ended`);
    const tables = slides.filter((slide) => slide.startsWith('Methods'));
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table).toMatch(/^Methods( \(continued\))? · Q1 as it ended/);
    expect((await deckSlides('q2')).join(' ')).not.toContain('as it ended');
  });

  it("the room's view of Q1 carries the values at Q1's end beside today's; of Q2, none", async () => {
    const link = ZCreatedRoomLinkSchema.parse((await admin.post('/api/admin/room-links', { label: 'Board room', screen: { kind: 'coo-view' }, days: 30 }).expect(201)).body);
    const read = async (quarter: string) => {
      const answer = await app.http().get(`/api/room?quarter=${quarter}`).set('Authorization', `Bearer ${link.token}`).expect(200);
      const { view } = ZRoomViewSchema.parse(answer.body);
      if (view.kind !== 'coo-view') throw new Error('A COO View link shows the COO View');
      return view;
    };

    const q1 = await read('q1');
    expect(q1.methods.find((candidate) => candidate.id === method.id)).toMatchObject({ progress: 10, status: 'at_risk', currentMeasure: 'Fit-out late' });
    expect(q1.pastQuarter).toMatchObject({ year, quarter: 'q1' });
    expect(q1.pastQuarter?.methods.find((outcome) => outcome.methodId === method.id)).toEqual({
      methodId: method.id,
      goal: 'Sign the lease',
      measure: method.q1Measure,
      atEnd: { progress: 8, status: 'in_progress', currentMeasure: 'Lease signed' },
      review: null,
    });

    expect((await read('q2')).pastQuarter).toBeNull();
    await app.http().get('/api/room?quarter=q5').set('Authorization', `Bearer ${link.token}`).expect(400);
  });
});
