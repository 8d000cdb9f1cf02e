import { CONFIDENCE_MESSAGES, LIVE_EVENTS, ZCheckInPageSchema, ZMethodListItemSchema, type TEntityChangedEvent } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { EventLog, startLiveTestBed, type LiveTestBed } from '../../test/live-client.js';
import { Method } from '../methods/method.entity.js';
import { CheckIn } from './check-in.entity.js';

let bed: LiveTestBed;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  bed = await startLiveTestBed();
  fx = fixtures(bed.app.orm);
  as = await signIn(bed.app, ['admin', 'member', 'viewer']);
});
afterAll(() => bed.stop());

async function latestCheckIn(methodId: number) {
  const response = await as('viewer').get(`/api/methods/${methodId}/check-ins?limit=1`).expect(200);
  return ZCheckInPageSchema.parse(response.body).checkIns[0];
}

describe('confidence on a check-in (docs/PRODUCT.md#confidence)', () => {
  it('is a whole number from 1 to 10: anything else is a 400 naming the rule, and nothing is written', async () => {
    const { method } = await fx.v2mom('member');
    for (const confidence of [0, 11, 5.5, '7']) {
      const refused = await as('member').put(`/api/methods/${method.id}`, { version: method.version, confidence }).expect(400);
      expect(refused.body.fieldErrors).toEqual({ confidence: [CONFIDENCE_MESSAGES.range] });
    }
    const stored = await bed.app.orm.em.fork().findOneOrFail(Method, method.id);
    expect(stored).toMatchObject({ confidence: null, version: method.version, updateCount: 0 });
  });

  it("is stored on the check-in and the method, the method's owner may give it, and a rise needs no reason", async () => {
    const { method } = await fx.v2mom('admin', 'member');
    const first = await as('member').put(`/api/methods/${method.id}`, { version: method.version, confidence: 6 }).expect(200);
    expect(first.body).toMatchObject({ confidence: 6, previousConfidence: null, updateCount: 1 });
    const second = await as('member').put(`/api/methods/${method.id}`, { version: first.body.version, progress: 30, confidence: 8 }).expect(200);
    expect(ZMethodListItemSchema.parse(second.body)).toMatchObject({ confidence: 8, previousConfidence: 6, progress: 30 });
    expect(await latestCheckIn(method.id)).toMatchObject({ progress: 30, confidence: 8, prevConfidence: 6, confidenceReason: null });
    // A check-in that leaves the confidence as it was keeps it, and the trend it showed.
    const third = await as('member').put(`/api/methods/${method.id}`, { version: second.body.version, progress: 35 }).expect(200);
    expect(third.body).toMatchObject({ confidence: 8, previousConfidence: 6 });
    expect(await latestCheckIn(method.id)).toMatchObject({ confidence: 8, prevConfidence: 8 });
  });

  it('a drop of two or more without a reason is a 400 and writes nothing; with one, the check-in keeps the reason', async () => {
    const { method } = await fx.v2mom('member');
    const set = await as('member').put(`/api/methods/${method.id}`, { version: method.version, confidence: 8 }).expect(200);
    for (const body of [{ confidence: 6 }, { confidence: 3, confidenceReason: '   ' }, { confidence: 6, status: 'at_risk' }]) {
      const refused = await as('member').put(`/api/methods/${method.id}`, { version: set.body.version, ...body }).expect(400);
      expect(refused.body).toMatchObject({ message: CONFIDENCE_MESSAGES.reasonNeeded, fieldErrors: { confidenceReason: [CONFIDENCE_MESSAGES.reasonNeeded] } });
    }
    const untouched = await bed.app.orm.em.fork().findOneOrFail(Method, method.id);
    expect(untouched).toMatchObject({ confidence: 8, status: set.body.status, version: set.body.version });
    // A drop of one needs none.
    const small = await as('member').put(`/api/methods/${method.id}`, { version: set.body.version, confidence: 7 }).expect(200);
    const dropped = await as('member')
      .put(`/api/methods/${method.id}`, { version: small.body.version, confidence: 4, confidenceReason: 'The vendor slipped a month' })
      .expect(200);
    expect(dropped.body).toMatchObject({ confidence: 4, previousConfidence: 7 });
    expect(dropped.body).not.toHaveProperty('confidenceReason');
    const checkIn = await latestCheckIn(method.id);
    expect(checkIn).toMatchObject({ confidence: 4, prevConfidence: 7, confidenceReason: 'The vendor slipped a month' });
    const stored = await bed.app.orm.em.fork().findOneOrFail(CheckIn, checkIn?.id ?? 0);
    expect(stored).toMatchObject({ confidence: 4, prevConfidence: 7, confidenceReason: 'The vendor slipped a month' });
  });

  it("reaches another viewer live on the method's row and its check-in", async () => {
    const { method } = await fx.v2mom('member');
    const client = await bed.connect('viewer');
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const set = await as('member').put(`/api/methods/${method.id}`, { version: method.version, confidence: 9 }).expect(200);
    await as('member').put(`/api/methods/${method.id}`, { version: set.body.version, confidence: 5, confidenceReason: 'Key hire left' }).expect(200);
    const isDrop = (event: TEntityChangedEvent) => event.entity === 'method' && event.id === method.id && event.version === set.body.version + 1;
    const event = await events.next(isDrop);
    expect(event).toMatchObject({
      row: { confidence: 5, previousConfidence: 9 },
      checkIn: { confidence: 5, prevConfidence: 9, confidenceReason: 'Key hire left' },
    });
  });
});
