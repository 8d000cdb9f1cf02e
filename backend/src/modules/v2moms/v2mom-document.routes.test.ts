import { ZConflictBodySchema, ZV2momCompleteSchema, ZV2momDocumentSavedSchema, ZV2momPageSchema, type TV2momComplete } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeLog } from '../change-log/change-log.entity.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { asForm } from '../../test/document-form.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'lead', 'viewer']);
});
afterAll(() => app.stop());

function send(username: string, method: 'post' | 'put', path: string, body: object) {
  return as(username)[method](path, body);
}

async function load(id: number): Promise<TV2momComplete> {
  const response = await as('viewer').get(`/api/v2moms/${id}/complete`).expect(200);
  return ZV2momCompleteSchema.parse(response.body);
}

const newDocument = {
  title: 'Document plan',
  year: 2026,
  quarter: 'q2',
  vision: 'One save',
  values: [{ description: 'Focus' }, { description: 'Speed' }],
  methods: [
    { description: 'Ship weekly', progress: 100, status: 'completed', linkedValuePositions: [1] },
    { description: 'Measure everything', progress: 80, linkedValuePositions: [0, 1] },
  ],
  obstacles: [{ description: 'Too many meetings', linkedMethodPositions: [1] }],
};

async function createDocument(): Promise<TV2momComplete> {
  const response = await send('admin', 'post', '/api/v2moms/complete', newDocument).expect(201);
  return ZV2momCompleteSchema.parse(response.body);
}

describe('POST /api/v2moms/complete', () => {
  it('creates the V2MOM and its children in order, resolving links by position and deriving the status', async () => {
    const created = await createDocument();
    expect(created).toMatchObject({ title: 'Document plan', overallProgress: 90, status: 'completed', owner: { name: 'Avery Admin' } });
    expect(created.values.map((value) => [value.description, value.order])).toEqual([['Focus', 0], ['Speed', 1]]);
    const [ship, measure] = created.methods;
    expect(ship).toMatchObject({ description: 'Ship weekly', order: 0, linkedValues: [created.values[1]?.id], ownerId: created.userId });
    expect(measure?.linkedValues).toEqual(created.values.map((value) => value.id));
    expect(measure).toMatchObject({ status: 'not_started', obstacles: [{ id: created.obstacles[0]?.id, description: 'Too many meetings' }] });
    expect(created.obstacles[0]?.linkedMethodIds).toEqual([measure?.id]);
    expect(await load(created.id)).toEqual(created);
  });

  it('lets a member create an empty document as a draft, but not add children (403, nothing written)', async () => {
    const empty = await send('member', 'post', '/api/v2moms/complete', { ...newDocument, values: [], methods: [], obstacles: [] }).expect(201);
    expect(empty.body).toMatchObject({ status: 'draft', overallProgress: 0, owner: { name: 'Morgan Diaz' } });

    const before = (await as('member').get('/api/v2moms?limit=200')).body.rows.length;
    const refused = await send('member', 'post', '/api/v2moms/complete', newDocument).expect(403);
    expect(refused.body.message).toBe('Only Avery Admin can add or delete values, methods and obstacles');
    expect((await as('member').get('/api/v2moms?limit=200')).body.rows.length).toBe(before);
  });

  it('answers 400 for links outside the document and for ids in a new document', async () => {
    const badLink = await send('admin', 'post', '/api/v2moms/complete', { ...newDocument, obstacles: [{ description: 'x', linkedMethodPositions: [5] }] }).expect(400);
    expect(badLink.body.fieldErrors).toHaveProperty(['obstacles.0.linkedMethodPositions']);
    await send('admin', 'post', '/api/v2moms/complete', { ...newDocument, values: [{ id: 1, version: 1, description: 'x' }] }).expect(400);
    await send('viewer', 'post', '/api/v2moms/complete', newDocument).expect(403);
  });
});

describe('PUT /api/v2moms/:id/complete', () => {
  it('updates, reorders, creates and deletes children in one save, and re-derives the status', async () => {
    const created = await createDocument();
    const form = asForm(created);
    const [focus, speed] = form.values;
    const [ship, measure] = form.methods;
    const body = {
      ...form,
      title: 'Document plan v2',
      values: [{ ...speed, description: 'Speed first' }, { description: 'Care' }],
      methods: [
        { ...measure, progress: 10, linkedValuePositions: [1] },
        { description: 'New method', progress: 0 },
      ],
      obstacles: [],
    };
    expect(focus && ship).toBeTruthy();
    const saved = ZV2momCompleteSchema.parse((await send('admin', 'put', `/api/v2moms/${created.id}/complete`, body).expect(200)).body);

    expect(saved).toMatchObject({ title: 'Document plan v2', version: created.version + 1, overallProgress: 5, status: 'at_risk' });
    expect(saved.values.map((value) => [value.id === speed?.id, value.description, value.order])).toEqual([[true, 'Speed first', 0], [false, 'Care', 1]]);
    expect(saved.methods.map((method) => method.description)).toEqual(['Measure everything', 'New method']);
    expect(saved.methods[0]).toMatchObject({ id: measure?.id, order: 0, progress: 10, linkedValues: [saved.values[1]?.id] });
    expect(saved.obstacles).toEqual([]);
    expect(await load(created.id)).toEqual(saved);
  });

  it('keeps the version of children the save does not change', async () => {
    const created = await createDocument();
    const saved = ZV2momCompleteSchema.parse((await send('admin', 'put', `/api/v2moms/${created.id}/complete`, { ...asForm(created), vision: 'New vision' }).expect(200)).body);
    expect(saved.vision).toBe('New vision');
    expect(saved.values.map((value) => value.version)).toEqual(created.values.map((value) => value.version));
    expect(saved.methods.map((method) => method.version)).toEqual(created.methods.map((method) => method.version));
  });

  it('with no methods left the average is 0, hence at_risk', async () => {
    const created = await createDocument();
    const saved = await send('admin', 'put', `/api/v2moms/${created.id}/complete`, { ...asForm(created), methods: [], obstacles: [] }).expect(200);
    expect(saved.body).toMatchObject({ status: 'at_risk', overallProgress: 0, methods: [] });
  });

  it('lets the owner edit text without manage_structure, but not add or delete children', async () => {
    const created = ZV2momCompleteSchema.parse(
      (await send('member', 'post', '/api/v2moms/complete', { ...newDocument, values: [], methods: [], obstacles: [] }).expect(201)).body,
    );
    const form = asForm(created);
    await send('member', 'put', `/api/v2moms/${created.id}/complete`, { ...form, vision: 'Edited by owner' }).expect(200);
    const latest = await load(created.id);
    const refused = await send('member', 'put', `/api/v2moms/${created.id}/complete`, { ...asForm(latest), values: [{ description: 'New' }] }).expect(403);
    expect(refused.body.message).toBe('Only Avery Admin can add or delete values, methods and obstacles');
    expect(await load(created.id)).toEqual(latest);
    const other = await send('lead', 'put', `/api/v2moms/${created.id}/complete`, asForm(latest)).expect(403);
    expect(other.body.message).toBe("You don't have permission to edit this V2MOM");
  });

  it('merges a stale child field by field: a field left at its base keeps the other change, one both changed is reported', async () => {
    const created = await createDocument();
    const value = created.values[0];
    await as('admin').put(`/api/values/${value?.id}`, { version: value?.version, description: 'Changed elsewhere' }).expect(200);
    const landed = ZV2momDocumentSavedSchema.parse(
      (await send('admin', 'put', `/api/v2moms/${created.id}/complete`, { ...asForm(created), title: 'Lands' }).expect(200)).body,
    );
    expect(landed).toMatchObject({ title: 'Lands', values: [{ description: 'Changed elsewhere' }, { description: 'Speed' }] });
    expect(landed.merge).toEqual({ applied: [{ entity: 'v2mom', id: created.id, operation: 'updated', fields: ['title'] }], conflicts: [] });

    const form = asForm(created);
    const mine = { ...form, vision: 'Also mine', values: [{ ...form.values[0], description: 'Mine' }, form.values[1]] };
    const collided = expect.objectContaining({
      entity: 'value',
      id: value?.id,
      field: 'description',
      yours: 'Mine',
      theirs: 'Changed elsewhere',
      changedBy: expect.objectContaining({ name: 'Avery Admin' }),
    });
    const before = await load(created.id);
    const refused = await send('admin', 'put', `/api/v2moms/${created.id}/complete`, mine).expect(409);
    expect(ZConflictBodySchema.parse(refused.body).fields).toEqual([collided]);
    expect(await load(created.id)).toEqual(before);

    const reported = ZV2momDocumentSavedSchema.parse(
      (await send('admin', 'put', `/api/v2moms/${created.id}/complete`, { ...mine, onConflict: 'report' }).expect(200)).body,
    );
    expect(reported).toMatchObject({ vision: 'Also mine', values: [{ description: 'Changed elsewhere' }, { description: 'Speed' }] });
    expect(reported.merge.conflicts).toEqual([collided]);
  });

  it('answers 409 naming who changed a stale child, writing nothing, when the change log no longer holds its history', async () => {
    const created = await createDocument();
    const value = created.values[0];
    await as('admin').put(`/api/values/${value?.id}`, { version: value?.version, description: 'Changed elsewhere' }).expect(200);
    await app.orm.em.fork().nativeDelete(ChangeLog, { entity: 'value', rowId: value?.id });
    const before = await load(created.id);
    const stale = await send('admin', 'put', `/api/v2moms/${created.id}/complete`, { ...asForm(created), title: 'Lost', version: before.version }).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).conflict).toMatchObject({ entity: 'value', id: value?.id, updatedBy: { name: 'Avery Admin' } });
    expect(await load(created.id)).toEqual(before);
  });

  it('keeps the items others added and the deletions others made since the form loaded', async () => {
    const created = await createDocument();
    const form = asForm(created);
    const added = await as('admin').post('/api/values', { v2momId: created.id, description: 'Added by another' }).expect(201);
    await as('admin').delete(`/api/obstacles/${created.obstacles[0]?.id}`).expect(200);
    const saved = ZV2momDocumentSavedSchema.parse(
      (await send('admin', 'put', `/api/v2moms/${created.id}/complete`, { ...form, vision: 'Still one save' }).expect(200)).body,
    );
    expect(saved.vision).toBe('Still one save');
    expect(saved.values.map((row) => row.id)).toContain(added.body.id);
    expect(saved.obstacles).toEqual([]);
  });

  it("refuses a changed update text on someone else's method to the V2MOM's owner; unchanged it passes", async () => {
    const list = ZV2momPageSchema.parse((await as('viewer').get('/api/v2moms?limit=200').expect(200)).body).rows;
    const brand = await load(list.find((row) => row.title === 'Brand and Demand Engine')?.id ?? 0);
    const index = brand.methods.findIndex((method) => method.description.startsWith('Relaunch the website'));
    const website = brand.methods[index];
    const form = {
      ...asForm(brand),
      methods: asForm(brand).methods.map((method, position) => ({ ...method, update: brand.methods[position]?.update ?? null })),
    };
    const changed = { ...form, methods: form.methods.map((method, position) => (position === index ? { ...method, update: 'Not mine to write' } : method)) };
    const refused = await send('member', 'put', `/api/v2moms/${brand.id}/complete`, changed).expect(403);
    expect(refused.body.message).toBe("Only the method's owner or Avery Admin can write its update");
    const saved = ZV2momDocumentSavedSchema.parse((await send('member', 'put', `/api/v2moms/${brand.id}/complete`, { ...form, vision: 'Unchanged update passes' }).expect(200)).body);
    expect(saved.methods[index]?.update).toBe(website?.update ?? null);
  });

  it('links saved methods within the document and keeps replaced progress updates as check-ins', async () => {
    const created = await createDocument();
    const form = asForm(created);
    const [ship, measure] = form.methods;
    const body = { ...form, methods: [{ ...ship, linkedMethodId: measure?.id, update: 'Week 1 shipped' }, measure] };
    const first = ZV2momCompleteSchema.parse((await send('admin', 'put', `/api/v2moms/${created.id}/complete`, body).expect(200)).body);
    expect(first.methods[0]).toMatchObject({ linkedMethodId: measure?.id, linkedMethod: { id: measure?.id, description: 'Measure everything' }, update: 'Week 1 shipped' });
    const again = asForm(first);
    const second = ZV2momCompleteSchema.parse(
      (await send('admin', 'put', `/api/v2moms/${created.id}/complete`, { ...again, methods: [{ ...again.methods[0], update: 'Week 2 shipped' }, again.methods[1]] }).expect(200)).body,
    );
    expect(second.methods[0]).toMatchObject({ update: 'Week 2 shipped', updateAuthor: { name: 'Avery Admin' }, updateCount: 2, linkedMethodId: measure?.id });
    const history = await app.http().get(`/api/methods/${ship?.id}/check-ins`).set('Cookie', await app.login('viewer')).expect(200);
    expect(history.body.checkIns.map((checkIn: { update: string | null }) => checkIn.update)).toEqual(['Week 2 shipped', 'Week 1 shipped']);

    const other = await createDocument();
    const outside = { ...asForm(second), methods: [{ ...asForm(second).methods[0], linkedMethodId: other.methods[0]?.id }, asForm(second).methods[1]] };
    const refused = await send('admin', 'put', `/api/v2moms/${created.id}/complete`, outside).expect(400);
    expect(refused.body.fieldErrors).toEqual({ 'methods.0.linkedMethodId': ['Link only methods of this V2MOM'] });
  });

  it('answers 400 for a child of another V2MOM, 404 for an unknown V2MOM', async () => {
    const first = await createDocument();
    const second = await createDocument();
    const foreign = { ...asForm(first), values: asForm(second).values };
    const response = await send('admin', 'put', `/api/v2moms/${first.id}/complete`, foreign).expect(400);
    expect(response.body.fieldErrors).toEqual({ 'values.0.id': ['Not an item of this V2MOM'] });
    await send('admin', 'put', '/api/v2moms/999999/complete', asForm(first)).expect(404);
    const noVersion = await send('admin', 'put', `/api/v2moms/${first.id}/complete`, { ...asForm(first), version: undefined }).expect(400);
    expect(noVersion.body.fieldErrors).toEqual({ version: ['The version this save is based on is required'] });
  });

  it('of two saves from the same version, both land merged; the field both changed keeps the first and is reported to the second', async () => {
    const created = await createDocument();
    const form = asForm(created);
    const bodies = [
      { ...form, onConflict: 'report', title: 'Saved by A', values: [...form.values, { description: 'From A' }] },
      { ...form, onConflict: 'report', title: 'Saved by B', methods: form.methods.slice(0, 1), obstacles: [] },
    ];
    const responses = await Promise.all(bodies.map((body) => send('admin', 'put', `/api/v2moms/${created.id}/complete`, body)));
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const answers = responses.map((response) => ZV2momDocumentSavedSchema.parse(response.body));
    const second = answers.find((answer) => answer.merge.conflicts.length > 0);
    const first = answers.find((answer) => answer !== second);
    expect(second?.merge.conflicts).toEqual([expect.objectContaining({ entity: 'v2mom', field: 'title', theirs: first?.title })]);
    const stored = await load(created.id);
    expect(stored.title).toBe(first?.title);
    expect(stored.values.map((value) => value.description)).toEqual(['Focus', 'Speed', 'From A']);
    expect(stored.methods).toHaveLength(1);
    expect(stored.obstacles).toEqual([]);
  });
});
