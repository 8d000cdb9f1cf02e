import {
  METHOD_FIELDS,
  METHOD_FIELD_NAMES,
  ZConflictBodySchema,
  ZErrorBodySchema,
  ZMethodDetailSchema,
  ZMethodListItemSchema,
  ZCooTrackingCountsSchema,
  ZMethodPageSchema,
  ZMessageResponseSchema,
  ZTaskPageSchema,
  currentQuarterMeasure,
  type TMethodListItem,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures.js';
import { readEveryMethod, signedInReader } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Measure } from '../measures/measure.entity.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';

let app: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  for (const username of ['admin', 'coo', 'member', 'viewer']) cookies[username] = await app.login(username);
});
afterAll(() => app.stop());

const as = (username: string) => cookies[username] ?? '';

function allMethods(): Promise<TMethodListItem[]> {
  return readEveryMethod(signedInReader(app.http, as('viewer')));
}

async function methodNamed(prefix: string): Promise<TMethodListItem> {
  const method = (await allMethods()).find((m) => m.description.startsWith(prefix));
  if (!method) throw new Error(`No demo method '${prefix}'`);
  return method;
}

describe('GET /api/methods', () => {
  it('lists every method, page after page, with owner, V2MOM, linked method, obstacles and the current quarter measure', async () => {
    const methods = await allMethods();
    expect(methods.length).toBeGreaterThan(30);
    const decisionLog = methods.find((m) => m.description.startsWith('Publish a shared decision log'));
    expect(decisionLog).toMatchObject({
      owner: { name: 'Casey Chen', department: 'COO' },
      v2mom: { title: 'Company Operating Rhythm', owner: { name: 'Avery Admin' } },
      linkedMethod: { description: 'Launch a monthly business review with every department head' },
    });
    const cadence = methods.find((m) => m.description.startsWith('Launch a monthly business review'));
    expect(cadence?.obstacles).toEqual([expect.objectContaining({ description: expect.stringContaining('double-book') })]);
    for (const method of methods) expect(method.currentQuarterMeasure).toBe(currentQuarterMeasure(method, app.now()));
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/methods').expect(401);
  });
});

describe('GET /api/methods?forCooTracking=true', () => {
  it('lists only COO-tracked methods', async () => {
    const response = await app.http().get('/api/methods').query({ forCooTracking: 'true' }).set('Cookie', as('member')).expect(200);
    const methods = ZMethodPageSchema.parse(response.body).rows;
    expect(methods.map((m) => m.description).sort()).toEqual([
      'Launch a monthly business review with every department head',
      'Deploy AI account research briefs for every enterprise opportunity',
      'Pilot an AI-assisted weekly forecast for two regions',
      'Run a monthly customer-led webinar series',
      'Standardise the onboarding playbook across regions',
      'Cut the monthly financial close from 10 to 5 working days',
      'Move all software purchasing to one procurement workflow',
      'Run blameless reviews for every customer-facing incident',
      'Hold quarterly value reviews with the top 100 accounts',
      'Weekly pipeline inspection with each business unit lead',
    ].sort());
    expect(methods.every((m) => m.forCooTracking)).toBe(true);
  });
});

describe('GET /api/methods/coo-tracking/counts', () => {
  it('counts the tracked methods, those with a key metric, and the stale ones of each, as the pages hold them', async () => {
    const count = async (query: Record<string, string>) =>
      ZMethodPageSchema.parse((await app.http().get('/api/methods').query({ ...query, limit: 200 }).set('Cookie', as('viewer')).expect(200)).body).rows.length;
    const response = await app.http().get('/api/methods/coo-tracking/counts').set('Cookie', as('viewer')).expect(200);
    const counts = ZCooTrackingCountsSchema.parse(response.body);
    expect(counts).toEqual({
      tracked: await count({ forCooTracking: 'true' }),
      staleTracked: await count({ forCooTracking: 'true', stale: 'true' }),
      keyMetrics: await count({ forCooTracking: 'true', withKeyMetric: 'true' }),
      staleKeyMetrics: await count({ forCooTracking: 'true', withKeyMetric: 'true', stale: 'true' }),
    });
    expect(counts.tracked).toBe(10);
    expect(counts.keyMetrics).toBeGreaterThan(0);
    expect(counts.keyMetrics).toBeLessThan(counts.tracked + 1);
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/methods/coo-tracking/counts').expect(401);
  });
});

describe('GET /api/methods/{id}/complete', () => {
  it('returns linked values, obstacles with impact and mitigation, and methods linking to it', async () => {
    const cadence = await methodNamed('Launch a monthly business review');
    const response = await app.http().get(`/api/methods/${cadence.id}/complete`).set('Cookie', as('viewer')).expect(200);
    const detail = ZMethodDetailSchema.parse(response.body);
    expect(detail.linkedValueItems.map((v) => v.description)).toEqual(['Transparency by default', 'Decisions close to the customer']);
    expect(detail.obstacles[0]).toMatchObject({ impact: expect.any(String), mitigation: expect.any(String), owner: { name: 'Avery Admin' } });
    expect(detail.linkedFrom.map((m) => m.description)).toEqual(['Publish a shared decision log for cross-team commitments']);
  });

  it('shows each method as the list does: one statement reads one method, three read a list', async () => {
    const methods = await allMethods();
    expect(methods.filter((method) => method.linkedValues.length > 1 && method.obstacles.length > 0).map((method) => method.description)).toEqual([
      'Cut the monthly financial close from 10 to 5 working days',
      'Deploy AI account research briefs for every enterprise opportunity',
      'Launch a monthly business review with every department head',
      'Put AI-assisted selling in every go-to-market team',
      'Renegotiate the ten largest vendor contracts',
      'Stand up an outbound team for mid-market accounts',
    ]);
    for (const listed of methods) {
      const response = await app.http().get(`/api/methods/${listed.id}/complete`).set('Cookie', as('viewer')).expect(200);
      expect(ZMethodListItemSchema.parse(response.body)).toEqual(listed);
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await app.http().get('/api/methods/999999/complete').set('Cookie', as('viewer')).expect(404);
    expect(ZErrorBodySchema.parse(missing.body).message).toBe('Method not found');
    const malformed = await app.http().get('/api/methods/1e3/complete').set('Cookie', as('viewer')).expect(400);
    expect(malformed.body.fieldErrors).toHaveProperty('id');
  });
});

describe('POST /api/methods', () => {
  async function operatingRhythm() {
    const cadence = await methodNamed('Launch a monthly business review');
    const detail = ZMethodDetailSchema.parse(
      (await app.http().get(`/api/methods/${cadence.id}/complete`).set('Cookie', as('admin'))).body,
    );
    return { v2momId: cadence.v2momId, valueIds: detail.linkedValueItems.map((v) => v.id), cadence };
  }

  it('lets manage_structure create a method, defaulting owner, status and position', async () => {
    const { v2momId, valueIds, cadence } = await operatingRhythm();
    const body = { v2momId, description: 'Quarterly planning offsite', linkedValues: valueIds, linkedMethodId: cadence.id, forCooTracking: true };
    const response = await app.http().post('/api/methods').set('Cookie', as('admin')).send(body).expect(201);
    const created = ZMethodListItemSchema.parse(response.body);
    expect(created).toMatchObject({
      description: 'Quarterly planning offsite',
      owner: { name: 'Avery Admin' },
      status: 'not_started',
      progress: 0,
      linkedValues: valueIds,
      linkedMethod: { id: cadence.id },
      version: 1,
      updatedBy: { name: 'Avery Admin' },
    });
    expect(created.order).toBeGreaterThan(0);
  });

  it('refuses members with a message naming the manage_structure holder', async () => {
    const { v2momId } = await operatingRhythm();
    const response = await app.http().post('/api/methods').set('Cookie', as('member')).send({ v2momId, description: 'Sneaky' }).expect(403);
    expect(ZErrorBodySchema.parse(response.body).message).toBe('Only Avery Admin can create methods');
  });

  it.each([
    ['a fourth linked value', { linkedValues: [1, 2, 3, 4] }, 'linkedValues'],
    ['a blank description', { description: '  ' }, 'description'],
    ['an unknown V2MOM', { v2momId: 999999 }, 'v2momId'],
    ['an unknown owner', { ownerId: 999999 }, 'ownerId'],
  ])('answers 400 for %s', async (_case, override, field) => {
    const { v2momId } = await operatingRhythm();
    const body = { v2momId, description: 'Valid', ...override };
    const response = await app.http().post('/api/methods').set('Cookie', as('admin')).send(body).expect(400);
    expect(ZErrorBodySchema.parse(response.body).fieldErrors).toHaveProperty(field);
  });

  it('refuses values and linked methods of another V2MOM', async () => {
    const { v2momId } = await operatingRhythm();
    const foreign = await methodNamed('Run a monthly customer-led webinar series');
    const values = await app.http().post('/api/methods').set('Cookie', as('admin')).send({ v2momId, description: 'X', linkedValues: foreign.linkedValues }).expect(400);
    expect(values.body.fieldErrors).toEqual({ linkedValues: ['Link only values of this V2MOM'] });
    const linked = await app.http().post('/api/methods').set('Cookie', as('admin')).send({ v2momId, description: 'X', linkedMethodId: foreign.id }).expect(400);
    expect(linked.body.fieldErrors).toEqual({ linkedMethodId: ['Link only methods of this V2MOM'] });
  });
});

describe('POST /api/methods with obstacles', () => {
  const obstaclesOf = (methodId: number) =>
    app.orm.em.fork().find(Obstacle, { linkedMethods: methodId }, { populate: ['owner', 'linkedMethods'], orderBy: { position: 'asc' } });

  it('creates the method and its obstacles together, linked to it, owned by the method owner unless named', async () => {
    const cadence = await methodNamed('Publish a shared decision log');
    const memberId = await fixtures(app.orm).userId('member');
    const body = {
      v2momId: cadence.v2momId,
      description: 'Method with obstacles',
      ownerId: memberId,
      obstacles: [{ description: 'Budget freeze' }, { description: 'No analyst', ownerId: null }],
    };
    const response = await app.http().post('/api/methods').set('Cookie', as('admin')).send(body).expect(201);
    const created = ZMethodListItemSchema.parse(response.body);
    expect(created.obstacles.map((o) => o.description)).toEqual(['Budget freeze', 'No analyst']);
    const stored = await obstaclesOf(created.id);
    expect(stored.map((o) => [o.description, o.owner?.id ?? null, o.linkedMethods.getIdentifiers()])).toEqual([
      ['Budget freeze', memberId, [created.id]],
      ['No analyst', null, [created.id]],
    ]);
    expect(stored[1]!.position).toBe(stored[0]!.position + 1);
  });

  it('leaves no method behind when one obstacle is refused', async () => {
    const cadence = await methodNamed('Publish a shared decision log');
    const body = {
      v2momId: cadence.v2momId,
      description: 'Half-made method',
      obstacles: [{ description: 'Fine' }, { description: 'Owner unknown', ownerId: 999999 }],
    };
    const response = await app.http().post('/api/methods').set('Cookie', as('admin')).send(body).expect(400);
    expect(ZErrorBodySchema.parse(response.body).fieldErrors).toEqual({ 'obstacles.1.ownerId': ['No such user'] });
    expect((await allMethods()).some((m) => m.description === 'Half-made method')).toBe(false);
    expect(await app.orm.em.fork().count(Obstacle, { description: 'Fine' })).toBe(0);
  });

  it('answers 400 for a blank obstacle and 403 for members, writing nothing', async () => {
    const cadence = await methodNamed('Publish a shared decision log');
    const blank = await app.http().post('/api/methods').set('Cookie', as('admin')).send({ v2momId: cadence.v2momId, description: 'Blank obstacle', obstacles: [{ description: ' ' }] }).expect(400);
    expect(blank.body.fieldErrors).toHaveProperty(['obstacles.0.description']);
    await app.http().post('/api/methods').set('Cookie', as('member')).send({ v2momId: cadence.v2momId, description: 'Blank obstacle', obstacles: [{ description: 'x' }] }).expect(403);
    expect((await allMethods()).some((m) => m.description === 'Blank obstacle')).toBe(false);
  });
});

describe('PUT /api/methods/{id}', () => {
  it("lets a method's owner update progress on someone else's V2MOM, keeping the earlier update as a check-in", async () => {
    const events = await methodNamed('Co-host regional customer events');
    const body = { version: events.version, update: 'Two events booked', status: 'in_progress', currentMeasure: '2 events' };
    const first = await app.http().put(`/api/methods/${events.id}`).set('Cookie', as('member')).send(body).expect(200);
    const updated = ZMethodListItemSchema.parse(first.body);
    expect(updated).toMatchObject({ update: 'Two events booked', currentMeasure: '2 events', version: events.version + 1 });
    const second = await app.http().put(`/api/methods/${events.id}`).set('Cookie', as('member')).send({ version: updated.version, update: 'Three events booked' }).expect(200);
    expect(second.body).toMatchObject({ update: 'Three events booked', updateAuthor: { name: 'Morgan Diaz' }, updateCount: events.updateCount + 2 });
    expect(second.body).not.toHaveProperty('updates');
    const history = await app.http().get(`/api/methods/${events.id}/check-ins`).set('Cookie', as('viewer')).expect(200);
    expect(history.body.checkIns.slice(0, 2)).toMatchObject([
      { update: 'Three events booked', prevUpdate: 'Two events booked', author: { name: 'Morgan Diaz' } },
      { update: 'Two events booked', status: 'in_progress', currentMeasure: '2 events' },
    ]);
  });

  it("refuses the owner's change of the description on someone else's V2MOM", async () => {
    const events = await methodNamed('Co-host regional customer events');
    const response = await app.http().put(`/api/methods/${events.id}`).set('Cookie', as('member')).send({ version: events.version, description: 'Renamed' }).expect(403);
    expect(response.body.message).toBe("Only the V2MOM's owner or Avery Admin can change this method");
  });

  it('lets a read-only user update only their own method, and only its progress fields', async () => {
    const coaching = await methodNamed('Introduce weekly deal coaching');
    await app.http().put(`/api/methods/${coaching.id}`).set('Cookie', as('viewer')).send({ version: coaching.version, l2Owner: 'Grace Liu' }).expect(200);
    const checkedIn = await app.http().put(`/api/methods/${coaching.id}`).set('Cookie', as('viewer')).send({ version: coaching.version + 1, progress: 50 }).expect(200);
    expect(checkedIn.body).toMatchObject({ progress: 50, version: coaching.version + 2 });
    const history = await app.http().get(`/api/methods/${coaching.id}/check-ins`).set('Cookie', as('viewer')).expect(200);
    expect(history.body.checkIns[0]).toMatchObject({ progress: 50, prevProgress: coaching.progress, author: { name: 'Val Ortiz' } });
    await app.http().put(`/api/methods/${coaching.id}`).set('Cookie', as('viewer')).send({ version: coaching.version + 2, progress: 60, dueDate: '2027-06-30' }).expect(403);
    await app.http().put(`/api/methods/${coaching.id}`).set('Cookie', as('member')).send({ version: coaching.version + 2, progress: 60 }).expect(403);
    const other = await methodNamed('Co-host regional customer events');
    const response = await app.http().put(`/api/methods/${other.id}`).set('Cookie', as('viewer')).send({ version: other.version, update: 'Not mine' }).expect(403);
    expect(response.body.message).toBe('Only the method owner can add updates to this method.');
  });

  it('lets the V2MOM owner change every field', async () => {
    const webinars = await methodNamed('Run a monthly customer-led webinar series');
    const response = await app.http().put(`/api/methods/${webinars.id}`).set('Cookie', as('member')).send({ version: webinars.version, description: 'Customer webinar series', progress: 90, linkedValues: [] }).expect(200);
    expect(ZMethodListItemSchema.parse(response.body)).toMatchObject({ description: 'Customer webinar series', progress: 90, linkedValues: [] });
  });

  it('refuses a self link and a fourth value with 400', async () => {
    const webinars = await methodNamed('Customer webinar series');
    const self = await app.http().put(`/api/methods/${webinars.id}`).set('Cookie', as('admin')).send({ version: webinars.version, linkedMethodId: webinars.id }).expect(400);
    expect(self.body.fieldErrors).toEqual({ linkedMethodId: ['A method cannot link to itself'] });
    const fourth = await app.http().put(`/api/methods/${webinars.id}`).set('Cookie', as('admin')).send({ version: webinars.version, linkedValues: [1, 2, 3, 4] }).expect(400);
    expect(fourth.body.fieldErrors.linkedValues).toEqual(['You can only link up to 3 values per method.']);
  });

  it('answers every write with the method exactly as a read shows it afterwards', async () => {
    // The answer is built from the row locked before the write (methods.service.ts, writtenItem);
    // each step changes something that row held, or the rows it names.
    const decisionLog = await methodNamed('Publish a shared decision log');
    const { userId } = fixtures(app.orm);
    const [cooId, memberId] = [await userId('coo'), await userId('member')];
    const created = await app
      .http()
      .post('/api/methods')
      .set('Cookie', as('admin'))
      .send({ v2momId: decisionLog.v2momId, description: 'Answer check', ownerId: cooId, linkedValues: decisionLog.linkedValues, linkedMethodId: decisionLog.linkedMethodId })
      .expect(201);
    const method = ZMethodListItemSchema.parse(created.body);
    const steps: Array<[string, Record<string, unknown>]> = [
      ['admin', { progress: 35, status: 'in_progress', description: 'Answer check, reworded', dueDate: '2027-03-31' }],
      ['admin', { measure: 'Decisions logged', q1Measure: '10', q2Measure: '20', q3Measure: '30', q4Measure: '40', q1Goal: 'a', q2Goal: 'b', q3Goal: 'c', q4Goal: 'd' }],
      ['admin', { currentMeasure: '12', activities: 'Weekly review', l2Owner: 'Grace Liu', forCooTracking: false, order: 3, dueDate: null }],
      ['coo', { update: 'First entries in', status: 'at_risk', currentMeasure: '15' }],
      ['coo', { update: 'Twenty entries in' }],
      ['admin', { progress: 40 }],
      ['admin', { ownerId: memberId }],
      ['admin', { linkedMethodId: decisionLog.id }],
      ['admin', { linkedValues: [] }],
      ['member', { currentMeasure: '20' }],
    ];
    let version = method.version;
    for (const [username, change] of steps) {
      const response = await app.http().put(`/api/methods/${method.id}`).set('Cookie', as(username)).send({ version, ...change });
      expect(response.status, `${username} ${JSON.stringify(change)}: ${response.text}`).toBe(200);
      const answer = ZMethodListItemSchema.parse(response.body);
      expect(answer, `${username} ${JSON.stringify(change)}`).toEqual((await allMethods()).find((m) => m.id === method.id));
      version = answer.version;
    }
  });

  it('stores every text of METHOD_FIELDS and reads each back as written', async () => {
    const decisionLog = await methodNamed('Publish a shared decision log');
    const adminId = await fixtures(app.orm).userId('admin');
    const created = await app.http().post('/api/methods').set('Cookie', as('admin')).send({ v2momId: decisionLog.v2momId, description: 'Text check', ownerId: adminId }).expect(201);
    const method = ZMethodListItemSchema.parse(created.body);
    // Its owner writes them, so the owner's own update is among them (docs/PRODUCT.md#method-updates).
    const texts = METHOD_FIELD_NAMES.filter((field) => METHOD_FIELDS[field].heldAs === 'text' && METHOD_FIELDS[field].schema.safeParse('Some text').success);
    const written = Object.fromEntries(texts.map((field) => [field, `${field} as written`]));
    await app.http().put(`/api/methods/${method.id}`).set('Cookie', as('admin')).send({ version: method.version, ...written }).expect(200);
    expect((await allMethods()).find((m) => m.id === method.id)).toMatchObject(written);
  });

  it('answers 409 naming who changed it when the version is stale, and writes nothing', async () => {
    const attribution = await methodNamed('Introduce multi-touch attribution');
    await app.http().put(`/api/methods/${attribution.id}`).set('Cookie', as('admin')).send({ version: attribution.version, progress: 40 }).expect(200);
    const stale = await app.http().put(`/api/methods/${attribution.id}`).set('Cookie', as('member')).send({ version: attribution.version, progress: 10 }).expect(409);
    const body = ZConflictBodySchema.parse(stale.body);
    expect(body.conflict).toMatchObject({ entity: 'method', id: attribution.id, version: attribution.version + 1, updatedBy: { name: 'Avery Admin' } });
    expect((await methodNamed('Introduce multi-touch attribution')).progress).toBe(40);
  });

  it('answers 404 for an unknown method and 400 for a malformed version', async () => {
    await app.http().put('/api/methods/999999').set('Cookie', as('admin')).send({ version: 1, update: 'x' }).expect(404);
    const response = await app.http().put('/api/methods/1').set('Cookie', as('admin')).send({ version: 'one', update: 'x' }).expect(400);
    expect(response.body.fieldErrors).toHaveProperty('version');
  });
});

describe('DELETE /api/methods/{id}', () => {
  it('refuses users without manage_structure', async () => {
    const method = await methodNamed('Launch a monthly business review');
    const response = await app.http().delete(`/api/methods/${method.id}`).set('Cookie', as('coo')).expect(403);
    expect(response.body.message).toBe('Only Avery Admin can delete methods');
  });

  it('answers 409 when a given version is stale', async () => {
    const method = await methodNamed('Launch a monthly business review');
    await app.http().delete(`/api/methods/${method.id}?version=${method.version + 5}`).set('Cookie', as('admin')).expect(409);
  });

  it('deletes the method and its measures, and unlinks tasks, obstacles and methods in one go', async () => {
    const cadence = await methodNamed('Launch a monthly business review');
    const em = app.orm.em.fork();
    const measure = em.create(Measure, { v2mom: cadence.v2momId, method: cadence.id, description: 'Reviews held' });
    await em.flush();

    const response = await app.http().delete(`/api/methods/${cadence.id}`).set('Cookie', as('admin')).expect(200);
    expect(ZMessageResponseSchema.parse(response.body).message).toBe('Method and its measures deleted successfully');

    await app.http().get(`/api/methods/${cadence.id}/complete`).set('Cookie', as('admin')).expect(404);
    const check = em.fork();
    expect(await check.findOne(Measure, measure.id)).toBeNull();
    const obstacle = await check.findOneOrFail(Obstacle, { description: { $like: '%double-book%' } }, { populate: ['linkedMethods'] });
    expect(obstacle.linkedMethods.getIdentifiers()).toEqual([]);
    expect(obstacle.version).toBe(2);
    const decisionLog = await methodNamed('Publish a shared decision log');
    expect(decisionLog.linkedMethodId).toBeNull();
    expect(decisionLog.updatedBy).toEqual({ id: expect.any(Number), name: 'Avery Admin', active: true });
    const tasks = ZTaskPageSchema.parse((await app.http().get('/api/tasks?limit=200').set('Cookie', as('admin'))).body).rows;
    const preRead = tasks.find((task) => task.title === 'Send MBR pre-read template');
    expect(preRead).toMatchObject({ methodId: null, method: null });
  });

  it('answers 404 for an unknown method', async () => {
    await app.http().delete('/api/methods/999999').set('Cookie', as('admin')).expect(404);
  });
});
