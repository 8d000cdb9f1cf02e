import { ZCheckInPageSchema, ZErrorBodySchema, ZMethodListItemSchema, ZSupportersPageSchema, ZV2momCompleteSchema, ZV2momSchema, type TMethodListItem } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { asForm } from '../../test/document-form.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Department } from '../departments/department.entity.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let departmentId: (name: string) => Promise<number>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'viewer']);
  departmentId = async (name) => (await app.orm.em.fork().findOneOrFail(Department, { name })).id;
});
afterAll(() => app.stop());

async function v2mom(body: object): Promise<number> {
  return ZV2momSchema.parse((await as('admin').post('/api/v2moms', body).expect(201)).body).id;
}

async function addMethod(v2momId: number, description: string, extra: object = {}): Promise<TMethodListItem> {
  return ZMethodListItemSchema.parse((await as('admin').post('/api/methods', { v2momId, description, ...extra }).expect(201)).body);
}

async function method(id: number): Promise<TMethodListItem> {
  return ZMethodListItemSchema.parse((await as('viewer').get(`/api/methods/${id}/complete`).expect(200)).body);
}

async function checkIn(id: number, progress: number): Promise<void> {
  await as('admin').put(`/api/methods/${id}`, { progress }).expect(200);
}

/** A company V2MOM, a department one aligned to it and a team one aligned to that, of `year`. */
async function cascade(year: number) {
  const company = await v2mom({ title: `Company ${year}`, year, level: 'company' });
  const department = await v2mom({ title: `Sales ${year}`, year, level: 'department', departmentId: await departmentId('Sales COE'), parentId: company });
  const team = await v2mom({ title: `Team ${year}`, year, level: 'person', parentId: department });
  return { company, department, team };
}

describe('progress rolled up from the supporting methods (docs/PRODUCT.md#roll-up)', () => {
  it('averages the supporters and follows their check-ins, each recompute a check-in of its own', async () => {
    const { company, department } = await cascade(2040);
    const goal = await addMethod(company, 'Grow revenue', { progressFrom: 'supporters_average' });
    const first = await addMethod(department, 'Win deals', { supportsMethodId: goal.id });
    const second = await addMethod(department, 'Keep customers', { supportsMethodId: goal.id });
    await checkIn(first.id, 40);
    expect((await method(goal.id)).progress).toBe(20);
    await checkIn(second.id, 71);
    const after = await method(goal.id);
    expect(after).toMatchObject({ progress: 56, progressFrom: 'supporters_average' });
    const checkIns = ZCheckInPageSchema.parse((await as('viewer').get(`/api/methods/${goal.id}/check-ins`).expect(200)).body).checkIns;
    expect(checkIns.map((row) => [row.prevProgress, row.progress])).toEqual([[20, 56], [0, 20]]);
  });

  it("weights each supporter by its V2MOM's number of methods", async () => {
    const company = await v2mom({ title: 'Company 2041', year: 2041, level: 'company' });
    const big = await v2mom({ title: 'Big 2041', year: 2041, level: 'person', parentId: company });
    const small = await v2mom({ title: 'Small 2041', year: 2041, level: 'person', parentId: company });
    const goal = await addMethod(company, 'Ship', { progressFrom: 'supporters_weighted' });
    const inBig = await addMethod(big, 'Build', { supportsMethodId: goal.id });
    await addMethod(big, 'Other one');
    await addMethod(big, 'Other two');
    const inSmall = await addMethod(small, 'Test', { supportsMethodId: goal.id });
    await checkIn(inBig.id, 70);
    await checkIn(inSmall.id, 10);
    // (70 × 3 + 10 × 1) / 4
    expect((await method(goal.id)).progress).toBe(55);
  });

  it('climbs a chain of rolled-up methods in the same write', async () => {
    const { company, department, team } = await cascade(2042);
    const goal = await addMethod(company, 'Top', { progressFrom: 'supporters_average' });
    const middle = await addMethod(department, 'Middle', { supportsMethodId: goal.id, progressFrom: 'supporters_average' });
    const leaf = await addMethod(team, 'Leaf', { supportsMethodId: middle.id });
    await checkIn(leaf.id, 80);
    expect((await method(middle.id)).progress).toBe(80);
    expect((await method(goal.id)).progress).toBe(80);
  });

  it('recomputes when a supporter stops supporting or is deleted, and keeps the last figure with none', async () => {
    const { company, department } = await cascade(2043);
    const goal = await addMethod(company, 'Goal', { progressFrom: 'supporters_average' });
    const kept = await addMethod(department, 'Kept', { supportsMethodId: goal.id });
    const leaving = await addMethod(department, 'Leaving', { supportsMethodId: goal.id });
    await checkIn(kept.id, 30);
    await checkIn(leaving.id, 90);
    expect((await method(goal.id)).progress).toBe(60);
    await as('admin').put(`/api/methods/${leaving.id}`, { supportsMethodId: null }).expect(200);
    expect((await method(goal.id)).progress).toBe(30);
    await as('admin').put(`/api/methods/${leaving.id}`, { supportsMethodId: goal.id }).expect(200);
    expect((await method(goal.id)).progress).toBe(60);
    await as('admin').delete(`/api/methods/${leaving.id}`).expect(200);
    expect((await method(goal.id)).progress).toBe(30);
    await as('admin').delete(`/api/methods/${kept.id}`).expect(200);
    expect((await method(goal.id)).progress).toBe(30);
  });

  it("recomputes when a supporter's V2MOM is aligned elsewhere or deleted, in the same write", async () => {
    const { company, department } = await cascade(2046);
    const goal = await addMethod(company, 'Goal', { progressFrom: 'supporters_average' });
    await checkIn((await addMethod(department, 'Kept', { supportsMethodId: goal.id })).id, 30);
    const moving = await v2mom({ title: 'Moving 2046', year: 2046, level: 'person', parentId: company });
    await checkIn((await addMethod(moving, 'Moves away', { supportsMethodId: goal.id })).id, 90);
    expect((await method(goal.id)).progress).toBe(60);
    await as('admin').put(`/api/v2moms/${moving}`, { parentId: department }).expect(200);
    expect((await method(goal.id)).progress).toBe(30);

    const deleted = await v2mom({ title: 'Deleted 2046', year: 2046, level: 'person', parentId: company });
    await checkIn((await addMethod(deleted, 'Goes with it', { supportsMethodId: goal.id })).id, 70);
    expect((await method(goal.id)).progress).toBe(50);
    await as('admin').delete(`/api/v2moms/${deleted}`).expect(200);
    expect((await method(goal.id)).progress).toBe(30);
  });

  it('refuses a manual progress on a rolled-up method, through its PUT and the document, and takes it again once own', async () => {
    const { company, department } = await cascade(2044);
    const goal = await addMethod(company, 'Goal', { progressFrom: 'supporters_average' });
    await addMethod(department, 'Support', { supportsMethodId: goal.id });
    const refused = await as('admin').put(`/api/methods/${goal.id}`, { progress: 50 }).expect(400);
    expect(ZErrorBodySchema.parse(refused.body).fieldErrors).toEqual({ progress: [expect.stringMatching(/takes its progress from the methods that support it/)] });
    const form = asForm(ZV2momCompleteSchema.parse((await as('admin').get(`/api/v2moms/${company}/complete`).expect(200)).body));
    const viaDocument = await as('admin')
      .put(`/api/v2moms/${company}/complete`, { ...form, methods: form.methods.map((row) => ({ ...row, progress: 50 })) })
      .expect(400);
    expect(Object.keys(ZErrorBodySchema.parse(viaDocument.body).fieldErrors ?? {})).toEqual(['methods.0.progress']);
    await as('admin').put(`/api/methods/${goal.id}`, { progressFrom: 'own', progress: 50 }).expect(200);
    expect((await method(goal.id)).progress).toBe(50);
  });

  it('lets only who may edit the V2MOM turn roll-up on', async () => {
    const company = await v2mom({ title: 'Company 2045', year: 2045, level: 'company' });
    const goal = await addMethod(company, 'Goal', { ownerId: null });
    await as('member').put(`/api/methods/${goal.id}`, { progressFrom: 'supporters_average' }).expect(403);
    await as('viewer').put(`/api/methods/${goal.id}`, { progressFrom: 'supporters_average' }).expect(403);
    expect((await method(goal.id)).progressFrom).toBe('own');
  });
});

describe('GET /api/methods/{id}/supporters', () => {
  it('pages the supporting methods with their V2MOM, owner and progress', async () => {
    const { company, department } = await cascade(2048);
    const goal = await addMethod(company, 'Goal');
    const ids = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await addMethod(department, name, { supportsMethodId: goal.id })).id);
    await checkIn(ids[0]!, 25);
    const first = ZSupportersPageSchema.parse((await as('viewer').get(`/api/methods/${goal.id}/supporters?limit=2`).expect(200)).body);
    expect(first).toMatchObject({ total: 3, supporters: [{ id: ids[0], description: 'One', progress: 25, v2mom: { id: department, title: 'Sales 2048' }, owner: { name: expect.any(String) } }, { id: ids[1] }] });
    const second = ZSupportersPageSchema.parse((await as('viewer').get(`/api/methods/${goal.id}/supporters?limit=2&cursor=${first.nextCursor}`).expect(200)).body);
    expect(second).toMatchObject({ supporters: [{ id: ids[2] }], nextCursor: null });
    await as('viewer').get(`/api/methods/${ids[0]}/supporters?cursor=${first.nextCursor}`).expect(400);
    await as('viewer').get('/api/methods/999999/supporters').expect(404);
  });
});
