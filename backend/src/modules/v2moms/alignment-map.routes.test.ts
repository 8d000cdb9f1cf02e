import { ZAlignedPageSchema, ZAlignmentAwaitingPageSchema, ZMethodListItemSchema, ZNotificationPageSchema, ZV2momPathSchema, ZV2momSchema, type TAlignedV2mom, type TV2mom } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Department } from '../departments/department.entity.js';
import { User } from '../users/user.entity.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let departmentId: (name: string) => Promise<number>;
let userId: (username: string) => Promise<number>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'viewer', 'lead', 'priya', 'member']);
  departmentId = async (name) => (await app.orm.em.fork().findOneOrFail(Department, { name })).id;
  userId = async (username) => (await app.orm.em.fork().findOneOrFail(User, { username })).id;
});
afterAll(() => app.stop());

async function create(body: object): Promise<TV2mom> {
  return ZV2momSchema.parse((await as('admin').post('/api/v2moms', body).expect(201)).body);
}

async function addMethod(v2momId: number, description: string) {
  return ZMethodListItemSchema.parse((await as('admin').post('/api/methods', { v2momId, description }).expect(201)).body);
}

async function setStatus(methodId: number, status: string) {
  await as('admin').put(`/api/methods/${methodId}`, { status }).expect(200);
}

async function roots(year: number): Promise<TAlignedV2mom[]> {
  return ZAlignedPageSchema.parse((await as('viewer').get(`/api/alignment?year=${year}`).expect(200)).body).rows;
}

async function node(parentId: number, id: number, username = 'viewer'): Promise<TAlignedV2mom | undefined> {
  const page = ZAlignedPageSchema.parse((await as(username).get(`/api/v2moms/${parentId}/aligned`).expect(200)).body);
  return page.rows.find((row) => row.id === id);
}

/** A company, two departments, a team under the first and a person under the team, each with methods. */
async function cascade(year: number) {
  const company = await create({ title: `Company ${year}`, year, level: 'company' });
  const sales = await create({ title: `Sales ${year}`, year, level: 'department', departmentId: await departmentId('Sales COE'), parentId: company.id });
  const marketing = await create({ title: `Marketing ${year}`, year, level: 'department', departmentId: await departmentId('Marketing'), parentId: company.id });
  const team = await create({ title: `Team ${year}`, year, level: 'team', departmentId: await departmentId('COO'), parentId: sales.id });
  const person = await create({ title: `Person ${year}`, year, parentId: team.id });
  await addMethod(company.id, 'Company goal');
  await addMethod(sales.id, 'Sales goal');
  const risky = await addMethod(person.id, 'Person work');
  await setStatus(risky.id, 'at_risk');
  await addMethod(person.id, 'More person work');
  return { company, sales, marketing, team, person, risky };
}

describe('GET /api/alignment', () => {
  it('starts the map at the company V2MOM, with its branch counted across every level below', async () => {
    const { company } = await cascade(2050);
    const [top, ...rest] = await roots(2050);
    expect(rest).toEqual([]);
    expect(top).toMatchObject({
      id: company.id,
      level: 'company',
      alignedCount: 2,
      methods: { total: 1, notStarted: 1, atRisk: 0 },
      branch: { total: 4, notStarted: 3, inProgress: 0, completed: 0, atRisk: 1 },
    });
  });

  it('lists the year’s V2MOMs aligned to none when there is no company V2MOM, a page at a time', async () => {
    for (const title of ['Bea 2051', 'Al 2051', 'Cy 2051']) await create({ title, year: 2051 });
    const first = ZAlignedPageSchema.parse((await as('viewer').get('/api/alignment?year=2051&limit=2').expect(200)).body);
    expect(first.rows.map((row) => row.title)).toEqual(['Al 2051', 'Bea 2051']);
    const next = ZAlignedPageSchema.parse((await as('viewer').get(`/api/alignment?${new URLSearchParams({ year: '2051', limit: '2', cursor: first.nextCursor ?? '' })}`).expect(200)).body);
    expect(next.rows.map((row) => row.title)).toEqual(['Cy 2051']);
    expect(await roots(2099)).toEqual([]);
  });

  it('answers 400 for a missing or bad year, limit or cursor, and 401 without a session', async () => {
    await as('viewer').get('/api/alignment').expect(400);
    await as('viewer').get('/api/alignment?year=abc').expect(400);
    await as('viewer').get('/api/alignment?year=2050&limit=0').expect(400);
    await as('viewer').get('/api/alignment?year=2050&cursor=nonsense').expect(400);
    await app.http().get('/api/alignment?year=2050').expect(401);
  });
});

describe('the branch roll-up', () => {
  it('follows status changes, new and deleted methods up to the company', async () => {
    const { company, sales, risky } = await cascade(2052);
    await setStatus(risky.id, 'completed');
    expect((await roots(2052))[0]?.branch).toMatchObject({ total: 4, atRisk: 0, completed: 1 });
    await as('admin').delete(`/api/methods/${risky.id}`).expect(200);
    expect((await node(company.id, sales.id))?.branch).toMatchObject({ total: 2, completed: 0 });
    expect((await roots(2052))[0]?.branch.total).toBe(3);
  });

  it('moves a branch’s counts when it is aligned elsewhere, and takes them away when it is deleted', async () => {
    const { company, sales, marketing, team } = await cascade(2053);
    await as('admin').put(`/api/v2moms/${team.id}`, { parentId: marketing.id }).expect(200);
    expect((await node(company.id, sales.id))?.branch).toMatchObject({ total: 1, atRisk: 0 });
    expect((await node(company.id, marketing.id))?.branch).toMatchObject({ total: 2, atRisk: 1 });
    expect((await roots(2053))[0]?.branch.total).toBe(4);

    await as('admin').put(`/api/v2moms/${team.id}`, { parentId: null }).expect(200);
    expect((await roots(2053))[0]?.branch.total).toBe(2);
    const unaligned = (await roots(2053)).find((row) => row.id === team.id);
    expect(unaligned?.branch).toMatchObject({ total: 2, atRisk: 1 });

    await as('admin').put(`/api/v2moms/${team.id}`, { parentId: sales.id }).expect(200);
    await as('admin').delete(`/api/v2moms/${team.id}?aligned=move-up`).expect(200);
    // The person moved up to Sales keeps its methods in Sales' branch; the team had none of its own.
    expect((await node(company.id, sales.id))?.branch).toMatchObject({ total: 3, atRisk: 1 });
    await as('admin').delete(`/api/v2moms/${sales.id}?aligned=unalign`).expect(200);
    expect((await roots(2053)).find((row) => row.id === company.id)?.branch.total).toBe(1);
  });
});

describe('GET /api/v2moms/{id}/path', () => {
  it('names the V2MOMs from the top of the map down to one, itself last', async () => {
    const { company, sales, team, person } = await cascade(2054);
    const path = ZV2momPathSchema.parse((await as('viewer').get(`/api/v2moms/${person.id}/path`).expect(200)).body).path;
    expect(path.map((step) => step.id)).toEqual([company.id, sales.id, team.id, person.id]);
    expect(path[0]).toEqual({ id: company.id, title: 'Company 2054', level: 'company' });
    const top = ZV2momPathSchema.parse((await as('viewer').get(`/api/v2moms/${company.id}/path`).expect(200)).body).path;
    expect(top.map((step) => step.id)).toEqual([company.id]);
    await as('viewer').get('/api/v2moms/999999/path').expect(404);
    await as('viewer').get('/api/v2moms/abc/path').expect(400);
    await app.http().get(`/api/v2moms/${person.id}/path`).expect(401);
  });
});

describe('the marks of parent changes not reviewed', () => {
  it('counts on each node its notices that the parent changed until they are reviewed, and shows a hidden draft to none but its readers', async () => {
    const company = await create({ title: 'Company 2055', year: 2055, level: 'company', vision: 'Be loved' });
    const team = await create({ title: 'Team 2055', year: 2055, level: 'team', departmentId: await departmentId('Sales COE'), parentId: company.id, userId: await userId('priya') });
    const draft = await create({ title: 'Member 2055', year: 2055, parentId: company.id, userId: await userId('member') });
    expect((await node(company.id, team.id))?.unreviewedParentChanges).toBe(0);

    await as('admin').put(`/api/v2moms/${company.id}`, { vision: 'Be loved everywhere' }).expect(200);
    await as('admin').put(`/api/v2moms/${company.id}`, { vision: 'Be loved by all' }).expect(200);
    expect((await roots(2055))[0]).toMatchObject({ id: company.id, unreviewedParentChanges: 0 });
    expect((await node(company.id, team.id))?.unreviewedParentChanges).toBe(2);
    // A person's V2MOM never approved is on the map of its owner, their manager and manage_structure only.
    expect(await node(company.id, draft.id)).toBeUndefined();
    expect((await node(company.id, draft.id, 'admin'))?.unreviewedParentChanges).toBe(2);

    const page = ZNotificationPageSchema.parse((await as('priya').get('/api/notifications').expect(200)).body);
    const [first] = page.notifications.filter((notice) => notice.kind === 'parent_changed' && notice.v2mom?.id === team.id);
    await as('priya').put(`/api/notifications/${first!.id}/reviewed`).expect(200);
    expect((await node(company.id, team.id))?.unreviewedParentChanges).toBe(1);
  });
});

describe('the marks of parent changes not reviewed below a node', () => {
  it('count on every node above the notices of its branch, move with a branch realigned and leave when reviewed', async () => {
    const { company, sales, marketing, team } = await cascade(2057);
    const person = await create({ title: 'Priya 2057', year: 2057, parentId: team.id, userId: await userId('priya') });
    await as('admin').put(`/api/v2moms/${team.id}`, { vision: 'Serve every region' }).expect(200);
    const below = async () => [
      (await roots(2057)).find((row) => row.id === company.id)?.unreviewedBelow,
      (await node(company.id, sales.id))?.unreviewedBelow,
      (await node(company.id, marketing.id))?.unreviewedBelow,
    ];
    expect(await below()).toEqual([1, 1, 0]);
    expect(await node(team.id, person.id, 'admin')).toMatchObject({ unreviewedParentChanges: 1, unreviewedBelow: 0 });

    await as('admin').put(`/api/v2moms/${team.id}`, { parentId: marketing.id }).expect(200);
    expect(await below()).toEqual([1, 0, 1]);
    expect(await node(marketing.id, team.id)).toMatchObject({ unreviewedParentChanges: 0, unreviewedBelow: 1 });

    const page = ZNotificationPageSchema.parse((await as('priya').get('/api/notifications').expect(200)).body);
    const notice = page.notifications.find((row) => row.kind === 'parent_changed' && row.v2mom?.id === person.id);
    await as('priya').put(`/api/notifications/${notice!.id}/reviewed`).expect(200);
    expect(await below()).toEqual([0, 0, 0]);
  });
});

describe('GET /api/alignment/awaiting', () => {
  it('lists what awaits the caller’s approval with the ids from the top of the map down to each', async () => {
    const company = await create({ title: 'Company 2056', year: 2056, level: 'company' });
    const team = await create({ title: 'Team 2056', year: 2056, level: 'team', departmentId: await departmentId('Sales COE'), parentId: company.id });
    const mine = ZV2momSchema.parse((await as('priya').post('/api/v2moms', { title: 'Priya 2056', year: 2056, parentId: team.id }).expect(201)).body);
    const draft = await create({ title: 'Priya draft 2056', year: 2056, parentId: team.id, userId: await userId('priya') });
    const awaiting = async (username: string, query = '') =>
      ZAlignmentAwaitingPageSchema.parse((await as(username).get(`/api/alignment/awaiting${query}`).expect(200)).body);
    expect((await awaiting('lead')).rows.some((row) => row.id === mine.id)).toBe(false);

    await as('priya').post(`/api/v2moms/${mine.id}/submit`, { version: mine.version }).expect(200);
    const lead = await awaiting('lead');
    expect(lead.approvesAnyone).toBe(true);
    expect(lead.rows.find((row) => row.id === mine.id)).toEqual({ id: mine.id, path: [company.id, team.id, mine.id] });
    expect(lead.rows.some((row) => row.id === draft.id)).toBe(false);

    // A page at a time, as the approvals awaiting are.
    const first = await awaiting('lead', '?limit=1');
    expect(first.rows).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const next = await awaiting('lead', `?${new URLSearchParams({ limit: '1', cursor: first.nextCursor ?? '' })}`);
    expect(next.rows[0]?.id).not.toBe(first.rows[0]?.id);

    // Nothing awaits someone who approves nobody, nor the owner.
    expect(await awaiting('viewer')).toEqual({ rows: [], nextCursor: null, approvesAnyone: false });
    expect((await awaiting('priya')).rows.some((row) => row.id === mine.id)).toBe(false);
    await as('lead').get('/api/alignment/awaiting?limit=0').expect(400);
    await as('lead').get('/api/alignment/awaiting?cursor=nonsense').expect(400);
    await app.http().get('/api/alignment/awaiting').expect(401);
  });
});
