import {
  ZConflictBodySchema,
  ZMeasurePageSchema,
  ZMethodListItemSchema,
  ZTaskPageSchema,
  ZTaskSchema,
  ZUserSchema,
  ZV2momCompleteSchema,
  type TMethodListItem,
  type TV2momComplete,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeLog } from '../change-log/change-log.entity.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { readEveryMethod } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Writes as HTTP shapes them (docs/PRODUCT.md#merge): versions optional, ETag and
 * If-Match, stale writes merged field by field through the change log, races, stale deletes, and
 * the method's update text kept to its owner.
 */

let app: TestApp;
let as: (username: string) => ApiClient;
let adminCookie: string;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'lead', 'viewer']);
  adminCookie = await app.login('admin');
});

/** PATCH as admin (the API client of the tests speaks GET, POST, PUT and DELETE). */
function patchAsAdmin(path: string, body: object) {
  return app.http().patch(path).set('Cookie', adminCookie).send(body);
}
afterAll(() => app.stop());

async function methodNamed(prefix: string): Promise<TMethodListItem> {
  const method = (await readEveryMethod(as('viewer'))).find((candidate) => candidate.description.startsWith(prefix));
  if (!method) throw new Error(`No demo method '${prefix}'`);
  return method;
}

async function documentTitled(title: string): Promise<TV2momComplete> {
  const list = (await as('viewer').get('/api/v2moms?limit=200').expect(200)).body.rows as Array<{ id: number; title: string }>;
  const id = list.find((v2mom) => v2mom.title === title)?.id;
  return ZV2momCompleteSchema.parse((await as('viewer').get(`/api/v2moms/${id}/complete`).expect(200)).body);
}

describe('spec-shaped writes', () => {
  it('applies a PUT /api/methods/{id} without a version and answers the new version as a strong ETag', async () => {
    const method = await methodNamed('Run a monthly customer-led webinar');
    const body = { update: 'Spec client update', status: 'in_progress', currentMeasure: '500 MQLs', activities: 'Two more sessions', l2Owner: null };
    const response = await as('member').put(`/api/methods/${method.id}`, body).expect(200);
    const saved = ZMethodListItemSchema.parse(response.body);
    expect(saved).toMatchObject({ ...body, version: method.version + 1 });
    expect(response.headers['etag']).toBe(`"${saved.version}"`);
  });

  it('applies a PATCH /api/tasks/{id} without a version', async () => {
    const [task] = ZTaskPageSchema.parse((await as('viewer').get('/api/tasks?limit=200').expect(200)).body).rows;
    if (!task) throw new Error('No demo task');
    const response = await patchAsAdmin(`/api/tasks/${task.id}`, { updates: 'Spec client', status: 'completed' }).expect(200);
    expect(ZTaskSchema.parse(response.body)).toMatchObject({ updates: 'Spec client', status: 'completed', version: task.version + 1 });
  });
});

// The quarter fields written here are Q4's: the demo reviews the last quarter that ended in its
// year, which locks that quarter's goal and measure, and a Q4 that ended ended the year.
describe('stale writes merge field by field', () => {
  it('applies a stale write whose fields nobody else changed, keeping the other change', async () => {
    const method = await methodNamed('Introduce multi-touch attribution');
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, measure: 'Attributed pipeline' }).expect(200);
    const response = await as('member').put(`/api/methods/${method.id}`, { version: method.version, activities: 'Server-side tagging' }).expect(200);
    expect(ZMethodListItemSchema.parse(response.body)).toMatchObject({
      measure: 'Attributed pipeline',
      activities: 'Server-side tagging',
      version: method.version + 2,
    });
  });

  it('does not let a field sent at its base value undo someone else’s change', async () => {
    const method = await methodNamed('Introduce multi-touch attribution');
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, q4Goal: 'Theirs' }).expect(200);
    const response = await as('member')
      .put(`/api/methods/${method.id}`, { version: method.version, q4Goal: method.q4Goal, q4Measure: 'Mine' })
      .expect(200);
    expect(ZMethodListItemSchema.parse(response.body)).toMatchObject({ q4Goal: 'Theirs', q4Measure: 'Mine' });
  });

  it('answers 409 naming each field both changed, who and when, and writes nothing', async () => {
    const method = await methodNamed('Introduce multi-touch attribution');
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, measure: 'Admin measure' }).expect(200);
    const stale = await as('member')
      .put(`/api/methods/${method.id}`, { version: method.version, measure: 'Member measure', q3Goal: 'Not written' })
      .expect(409);
    const body = ZConflictBodySchema.parse(stale.body);
    expect(body.fields).toEqual([
      expect.objectContaining({ entity: 'method', id: method.id, field: 'measure', yours: 'Member measure', theirs: 'Admin measure', changedBy: expect.objectContaining({ name: 'Avery Admin' }) }),
    ]);
    const after = await methodNamed('Introduce multi-touch attribution');
    expect(after).toMatchObject({ measure: 'Admin measure', q3Goal: method.q3Goal, version: method.version + 1 });
  });

  it('takes the version from If-Match, and refuses a malformed one or one the body contradicts', async () => {
    const method = await methodNamed('Introduce multi-touch attribution');
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, q4Goal: 'First' }).expect(200);
    const path = `/api/methods/${method.id}`;
    await as('member').put(path, { q4Goal: 'Second' }).set('If-Match', `"${method.version}"`).expect(409);
    await as('member').put(path, { q4Goal: 'Second' }).set('If-Match', 'W/"1"').expect(400);
    await as('member').put(path, { q4Goal: 'Second', version: method.version + 1 }).set('If-Match', `"${method.version}"`).expect(400);
    await as('member').put(path, { q4Goal: 'Second' }).set('If-Match', `"${method.version + 1}"`).expect(200);
  });

  it('logs each committed write with its fields’ old and new values, who and the version', async () => {
    const method = await methodNamed('Relaunch the website');
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, measure: 'Logged' }).expect(200);
    const entries = await app.orm.em.fork().find(ChangeLog, { entity: 'method', rowId: method.id }, { orderBy: { version: 'desc' } });
    expect(entries[0]).toMatchObject({ version: method.version + 1, operation: 'updated' });
    // Exactly the field the write changed: the others, read back as they were, are no change.
    expect(entries[0]?.fields).toEqual({ measure: { old: method.measure ?? null, new: 'Logged' } });
    const admin = ZUserSchema.parse((await as('admin').get('/api/auth/user').expect(200)).body);
    expect(entries[0]?.actor?.id).toBe(admin.id);
  });
});

describe('concurrent writes to one row', () => {
  it('never loses an update: of two PUTs of one field on one version, one lands and the other answers 409', async () => {
    const method = await methodNamed('Run a monthly customer-led webinar');
    const path = `/api/methods/${method.id}`;
    const [first, second] = await Promise.all([
      as('admin').put(path, { version: method.version, measure: 'Race A' }),
      as('member').put(path, { version: method.version, measure: 'Race B' }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? 'Race A' : 'Race B';
    expect((await methodNamed('Run a monthly customer-led webinar')).measure).toBe(winner);
  });

  it('merges two PUTs of different fields on one version: both land', async () => {
    const method = await methodNamed('Run a monthly customer-led webinar');
    const path = `/api/methods/${method.id}`;
    const answers = await Promise.all([
      as('admin').put(path, { version: method.version, q4Goal: 'Merged A' }),
      as('member').put(path, { version: method.version, q4Measure: 'Merged B' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await methodNamed('Run a monthly customer-led webinar')).toMatchObject({ q4Goal: 'Merged A', q4Measure: 'Merged B', version: method.version + 2 });
  });
});

describe('stale deletes', () => {
  it('answer 409 for obstacles, measures and tasks, and delete nothing', async () => {
    const document = await documentTitled('Brand and Demand Engine');
    const obstacle = document.obstacles[0];
    const measure = ZMeasurePageSchema.parse((await as('viewer').get('/api/measures').expect(200)).body).rows[0];
    const task = ZTaskPageSchema.parse((await as('viewer').get('/api/tasks?limit=200').expect(200)).body).rows[0];
    if (!obstacle || !measure || !task) throw new Error('Demo data missing');
    await as('admin').put(`/api/obstacles/${obstacle.id}`, { version: obstacle.version, description: 'Moved on' }).expect(200);
    await as('admin').put(`/api/measures/${measure.id}`, { version: measure.version, current: 'Moved on' }).expect(200);
    await patchAsAdmin(`/api/tasks/${task.id}`, { version: task.version, updates: 'Moved on' }).expect(200);
    const staleDeletes = [`/api/obstacles/${obstacle.id}?version=${obstacle.version}`, `/api/measures/${measure.id}?version=${measure.version}`, `/api/tasks/${task.id}?version=${task.version}`];
    for (const path of staleDeletes) {
      const stale = await as('admin').delete(path).expect(409);
      expect(ZConflictBodySchema.parse(stale.body).conflict.updatedBy?.name).toBe('Avery Admin');
    }
    expect(ZMeasurePageSchema.parse((await as('viewer').get('/api/measures').query({ q: measure.description }).expect(200)).body).rows.map((row) => row.id)).toContain(measure.id);
    expect(ZTaskPageSchema.parse((await as('viewer').get('/api/tasks?limit=200').expect(200)).body).rows.map((row) => row.id)).toContain(task.id);
    expect((await documentTitled('Brand and Demand Engine')).obstacles.map((row) => row.id)).toContain(obstacle.id);
  });
});

describe("a method's update text", () => {
  it("is refused to the V2MOM's owner on someone else's method, unchanged it passes", async () => {
    const website = await methodNamed('Relaunch the website');
    const refused = await as('member').put(`/api/methods/${website.id}`, { version: website.version, update: 'Written for Ravi' }).expect(403);
    expect(refused.body.message).toBe("Only the method's owner or Avery Admin can write its update");
    await as('member').put(`/api/methods/${website.id}`, { version: website.version, update: website.update, activities: 'Design review done' }).expect(200);
    await as('admin').put(`/api/methods/${website.id}`, { update: 'Written by the structure manager' }).expect(200);
  });
});
