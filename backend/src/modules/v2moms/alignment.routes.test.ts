import {
  ZAlignedPageSchema,
  ZErrorBodySchema,
  ZMethodListItemSchema,
  ZStartMineSchema,
  ZV2momCompleteSchema,
  ZV2momPageSchema,
  ZV2momSchema,
  type TV2mom,
  type TV2momComplete,
} from '@v2mom/contracts';
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
  as = await signIn(app, ['admin', 'member', 'viewer', 'priya']);
  departmentId = async (name) => (await app.orm.em.fork().findOneOrFail(Department, { name })).id;
});
afterAll(() => app.stop());

async function create(body: object, username = 'admin'): Promise<TV2mom> {
  return ZV2momSchema.parse((await as(username).post('/api/v2moms', body).expect(201)).body);
}

/** Read by manage_structure, who reads a person's V2MOM before it is approved too (docs/PRODUCT.md#approval). */
async function document(id: number): Promise<TV2momComplete> {
  return ZV2momCompleteSchema.parse((await as('admin').get(`/api/v2moms/${id}/complete`).expect(200)).body);
}

async function addMethod(v2momId: number, description: string, supportsMethodId?: number) {
  const response = await as('admin').post('/api/methods', { v2momId, description, ...(supportsMethodId === undefined ? {} : { supportsMethodId }) }).expect(201);
  return ZMethodListItemSchema.parse(response.body);
}

function fieldErrors(body: unknown) {
  return ZErrorBodySchema.parse(body).fieldErrors ?? {};
}

describe('V2MOM levels and alignment', () => {
  it('makes a V2MOM a person’s by default and keeps a department’s tied to its department, one a year', async () => {
    const mine = await create({ title: 'Plain 2031', year: 2031 });
    expect(mine).toMatchObject({ level: 'person', department: null, parent: null, alignedCount: 0 });

    const marketing = await departmentId('Marketing');
    const noDepartment = await as('admin').post('/api/v2moms', { title: 'Dept', year: 2031, level: 'department' }).expect(400);
    expect(fieldErrors(noDepartment.body)).toHaveProperty('departmentId');
    const personWithDepartment = await as('admin').post('/api/v2moms', { title: 'P', year: 2031, departmentId: marketing }).expect(400);
    expect(fieldErrors(personWithDepartment.body)).toHaveProperty('departmentId');

    const department = await create({ title: 'Marketing 2031', year: 2031, level: 'department', departmentId: marketing });
    expect(department.department).toEqual({ id: marketing, name: 'Marketing' });
    const second = await as('admin').post('/api/v2moms', { title: 'Marketing again', year: 2031, level: 'team', departmentId: marketing }).expect(409);
    expect(second.body.message).toBe('Marketing already has a V2MOM for 2031: Marketing 2031');
    await as('admin').post('/api/v2moms', { title: 'Marketing 2032', year: 2032, level: 'department', departmentId: marketing }).expect(201);
  });

  it('has one company V2MOM a year, aligned to nothing', async () => {
    const company = await create({ title: 'Company 2033', year: 2033, level: 'company' });
    const again = await as('admin').post('/api/v2moms', { title: 'Company again', year: 2033, level: 'company' }).expect(409);
    expect(again.body.message).toBe('The company already has a V2MOM for 2033: Company 2033');
    const other = await create({ title: 'Company 2034', year: 2034, level: 'company' });
    const aligned = await as('admin').put(`/api/v2moms/${other.id}`, { parentId: company.id }).expect(400);
    expect(fieldErrors(aligned.body)).toEqual({ parentId: ['A company V2MOM is aligned to nothing'] });
  });

  it('aligns only to an existing V2MOM of the same year and a higher level', async () => {
    const company = await create({ title: 'Company 2035', year: 2035, level: 'company' });
    const sales = await create({ title: 'Sales 2035', year: 2035, level: 'department', departmentId: await departmentId('Sales COE'), parentId: company.id });
    expect(sales.parent).toEqual({ id: company.id, title: 'Company 2035' });
    expect((await document(company.id)).alignedCount).toBe(1);

    const otherYear = await as('admin').post('/api/v2moms', { title: 'Late', year: 2036, parentId: company.id }).expect(400);
    expect(fieldErrors(otherYear.body).parentId?.[0]).toMatch(/of 2036/);
    const person = await create({ title: 'Person 2035', year: 2035, parentId: sales.id });
    const sideways = await as('admin').post('/api/v2moms', { title: 'Sideways', year: 2035, parentId: person.id }).expect(400);
    expect(fieldErrors(sideways.body)).toEqual({ parentId: ['A person V2MOM is aligned to a company or department or team V2MOM'] });
    // The rank rule rules out cycles: the department cannot be aligned to its own person.
    const cycle = await as('admin').put(`/api/v2moms/${sales.id}`, { parentId: person.id }).expect(400);
    expect(fieldErrors(cycle.body)).toHaveProperty('parentId');
    await as('admin').post('/api/v2moms', { title: 'Nowhere', year: 2035, parentId: 999999 }).expect(400);
    // Lowering the department below its aligned person would break that alignment.
    const lowered = await as('admin').put(`/api/v2moms/${sales.id}`, { level: 'person', departmentId: null }).expect(400);
    expect(fieldErrors(lowered.body)).toHaveProperty('level');
  });

  it('lets a method support only a method of the parent, and clears supports when the parent changes', async () => {
    const company = await create({ title: 'Company 2037', year: 2037, level: 'company' });
    const companyMethod = await addMethod(company.id, 'Grow revenue');
    const stranger = await create({ title: 'Stranger 2037', year: 2037 });
    const strangerMethod = await addMethod(stranger.id, 'Not related');
    const team = await create({ title: 'Team 2037', year: 2037, level: 'team', departmentId: await departmentId('AI GTM'), parentId: company.id });

    const supporting = await addMethod(team.id, 'Win deals', companyMethod.id);
    expect(supporting).toMatchObject({ supportsMethodId: companyMethod.id, supportsMethod: { id: companyMethod.id, description: 'Grow revenue' } });
    const refused = await as('admin').post('/api/methods', { v2momId: team.id, description: 'x', supportsMethodId: strangerMethod.id }).expect(400);
    expect(fieldErrors(refused.body)).toEqual({ supportsMethodId: ['Not related is not a method of Company 2037'] });
    const updated = await as('admin').put(`/api/methods/${supporting.id}`, { supportsMethodId: strangerMethod.id }).expect(400);
    expect(fieldErrors(updated.body)).toEqual({ supportsMethodId: ['Not related is not a method of Company 2037'] });

    // Unaligned, the team's method supports nothing any more, with a new version.
    await as('admin').put(`/api/v2moms/${team.id}`, { parentId: null }).expect(200);
    const after = (await document(team.id)).methods.find((method) => method.id === supporting.id);
    expect(after).toMatchObject({ supportsMethodId: null, supportsMethod: null });
    expect(after?.version).toBeGreaterThan(supporting.version);
  });

  it('saves level, department, parent and supports through the document, checking each', async () => {
    const company = await create({ title: 'Company 2038', year: 2038, level: 'company' });
    const goal = await addMethod(company.id, 'Delight customers');
    const stranger = await addMethod((await create({ title: 'Other 2038', year: 2038 })).id, 'Elsewhere');
    const created = await as('admin')
      .post('/api/v2moms/complete', {
        title: 'Doc 2038', year: 2038, quarter: 'q1', vision: '', level: 'person', parentId: company.id,
        values: [], methods: [{ description: 'Answer fast', supportsMethodId: goal.id }], obstacles: [],
      })
      .expect(201);
    const saved = ZV2momCompleteSchema.parse(created.body);
    expect(saved).toMatchObject({ level: 'person', parent: { id: company.id } });
    expect(saved.methods[0]?.supportsMethodId).toBe(goal.id);

    const form = asForm(saved);
    const bad = await as('admin')
      .put(`/api/v2moms/${saved.id}/complete`, { ...form, parentId: company.id, methods: [{ ...form.methods[0], supportsMethodId: stranger.id }] })
      .expect(400);
    expect(fieldErrors(bad.body)).toEqual({ 'methods.0.supportsMethodId': ['Elsewhere is not a method of Company 2038'] });

    // Clearing the parent clears the support the form kept.
    const cleared = await as('admin')
      .put(`/api/v2moms/${saved.id}/complete`, { ...form, parentId: null, methods: [{ ...form.methods[0], supportsMethodId: goal.id }] })
      .expect(200);
    expect(ZV2momCompleteSchema.parse(cleared.body)).toMatchObject({ parent: null, methods: [{ supportsMethodId: null }] });
  });
});

describe('DELETE /api/v2moms/{id} with V2MOMs aligned to it', () => {
  async function cascade(year: number) {
    const company = await create({ title: `Company ${year}`, year, level: 'company' });
    const department = await create({ title: `Department ${year}`, year, level: 'department', departmentId: await departmentId('COO'), parentId: company.id });
    const goal = await addMethod(department.id, 'Department goal');
    const people = [];
    for (const name of ['Ada', 'Bo', 'Cy', 'Di', 'Ed']) people.push(await create({ title: `${name} ${year}`, year, parentId: department.id }));
    const support = await addMethod(people[0]!.id, 'Serving', goal.id);
    return { company, department, people, support };
  }

  it('asks what becomes of them, naming three and counting the rest', async () => {
    const { department } = await cascade(2040);
    const refused = await as('admin').delete(`/api/v2moms/${department.id}`).expect(409);
    expect(refused.body).toMatchObject({
      message: 'Department 2040 has 5 V2MOMs aligned to it (Ada 2040, Bo 2040, Cy 2040 and 2 more). Choose whether they move up to Company 2040 or stand unaligned.',
      aligned: { count: 5, canMoveUp: true },
    });
    await as('viewer').get(`/api/v2moms/${department.id}/complete`).expect(200);
  });

  it('moves them up to its parent, clearing supports of its methods', async () => {
    const { company, department, people, support } = await cascade(2041);
    await as('admin').delete(`/api/v2moms/${department.id}?aligned=move-up`).expect(200);
    const moved = await document(people[0]!.id);
    expect(moved.parent).toEqual({ id: company.id, title: 'Company 2041' });
    expect(moved.methods.find((method) => method.id === support.id)).toMatchObject({ supportsMethodId: null });
    expect(moved.version).toBeGreaterThan(people[0]!.version);
  });

  it('lets them stand unaligned, and offers only that when it has no parent', async () => {
    const { company, department, people } = await cascade(2042);
    await as('admin').delete(`/api/v2moms/${department.id}?aligned=unalign`).expect(200);
    expect((await document(people[1]!.id)).parent).toBeNull();

    const lone = await create({ title: 'Lone 2042', year: 2042, parentId: company.id });
    const refused = await as('admin').delete(`/api/v2moms/${company.id}`).expect(409);
    expect(refused.body.message).toBe('Company 2042 has 1 V2MOM aligned to it (Lone 2042). Choose to let them stand unaligned.');
    await as('admin').delete(`/api/v2moms/${company.id}?aligned=move-up`).expect(400);
    await as('admin').delete(`/api/v2moms/${company.id}?aligned=unalign`).expect(200);
    expect((await document(lone.id)).parent).toBeNull();
  });
});

describe('GET /api/v2moms/{id}/aligned', () => {
  it('pages the aligned V2MOMs by level then title, with their methods and aligned V2MOMs counted', async () => {
    const company = await create({ title: 'Company 2043', year: 2043, level: 'company' });
    const department = await create({ title: 'zeta department', year: 2043, level: 'department', departmentId: await departmentId('Marketing'), parentId: company.id });
    await create({ title: 'Below', year: 2043, parentId: department.id });
    for (const title of ['Beta', 'alpha', 'Gamma']) await create({ title, year: 2043, parentId: company.id });
    await addMethod(department.id, 'One');

    const first = ZAlignedPageSchema.parse((await as('admin').get(`/api/v2moms/${company.id}/aligned?limit=2`).expect(200)).body);
    expect(first.rows.map((row) => row.title)).toEqual(['zeta department', 'alpha']);
    expect(first.rows[0]).toMatchObject({ level: 'department', alignedCount: 1, methods: { total: 1, notStarted: 1, atRisk: 0 }, owner: { name: 'Avery Admin' } });
    const second = ZAlignedPageSchema.parse(
      (await as('admin').get(`/api/v2moms/${company.id}/aligned?${new URLSearchParams({ limit: '2', cursor: first.nextCursor ?? '' })}`).expect(200)).body,
    );
    expect(second.rows.map((row) => row.title)).toEqual(['Beta', 'Gamma']);
    expect(second.nextCursor).toBeNull();
    await as('viewer').get('/api/v2moms/999999/aligned').expect(404);
    await as('viewer').get(`/api/v2moms/${company.id}/aligned?cursor=nonsense`).expect(400);
  });
});

describe('the "Aligned to" picker and starting one’s own V2MOM', () => {
  it('lists only V2MOMs of the year and of a level above', async () => {
    const company = await create({ title: 'Picker company', year: 2044, level: 'company' });
    const department = await create({ title: 'Picker department', year: 2044, level: 'department', departmentId: await departmentId('Marketing') });
    await create({ title: 'Picker person', year: 2044 });
    await create({ title: 'Picker other year', year: 2045, level: 'company' });
    const query = new URLSearchParams({ q: 'Picker', year: '2044', levelAbove: 'team' });
    const page = ZV2momPageSchema.parse((await as('admin').get(`/api/v2moms?${query}`).expect(200)).body);
    expect(page.rows.map((row) => row.id).sort()).toEqual([company.id, department.id].sort());
  });

  it('suggests the person’s department V2MOM, else the company’s, with its methods, and names their own', async () => {
    const none = ZStartMineSchema.parse((await as('member').get('/api/v2moms/start-mine?year=2046').expect(200)).body);
    expect(none).toEqual({ year: 2046, suggestedParent: null, own: null });

    const company = await create({ title: 'Company 2046', year: 2046, level: 'company' });
    const companyGoal = await addMethod(company.id, 'Company goal');
    const viaCompany = ZStartMineSchema.parse((await as('member').get('/api/v2moms/start-mine?year=2046').expect(200)).body);
    expect(viaCompany.suggestedParent).toEqual({ id: company.id, title: 'Company 2046', level: 'company', methods: [{ id: companyGoal.id, title: 'Company goal' }] });

    const marketing = await create({ title: 'Marketing 2046', year: 2046, level: 'department', departmentId: await departmentId('Marketing'), parentId: company.id });
    const own = await create({ title: 'My 2046', year: 2046 }, 'member');
    const suggestion = ZStartMineSchema.parse((await as('member').get('/api/v2moms/start-mine?year=2046').expect(200)).body);
    expect(suggestion).toMatchObject({ suggestedParent: { id: marketing.id, level: 'department', methods: [] }, own: { id: own.id, title: 'My 2046' } });
    await as('member').get('/api/v2moms/start-mine?year=soon').expect(400);
  });

  it('walks up from a team to the department it belongs to', async () => {
    // priya is in BU In-Life, a team of AI GTM (the demo's department tree).
    const startMine = async () => ZStartMineSchema.parse((await as('priya').get('/api/v2moms/start-mine?year=2047').expect(200)).body).suggestedParent?.id;
    const company = await create({ title: 'Company 2047', year: 2047, level: 'company' });
    expect(await startMine()).toBe(company.id);
    const department = await create({ title: 'AI GTM 2047', year: 2047, level: 'department', departmentId: await departmentId('AI GTM'), parentId: company.id });
    expect(await startMine()).toBe(department.id);
    const team = await create({ title: 'BU In-Life 2047', year: 2047, level: 'team', departmentId: await departmentId('BU In-Life'), parentId: department.id });
    expect(await startMine()).toBe(team.id);
  });
});
