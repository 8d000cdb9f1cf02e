import { LIVE_EVENTS, ZAlignedPageSchema, ZMethodListItemSchema, ZV2momSchema, type TAlignmentRollupEvent, type TV2mom } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../test/api-client.js';
import { connectClient, EventLog, listen, type LiveClient } from '../test/live-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { Department } from '../modules/departments/department.entity.js';

// `alignment:rollup` (docs/PRODUCT.md#alignment-map): a method's write sends the map's figures of
// its V2MOM and of every V2MOM above it, as the map's pages answer them, to the sockets with a map open,
// leaving out a V2MOM only some may read.

let app: TestApp;
let as: (username: string) => ApiClient;
let client: LiveClient;
let rollups: EventLog<typeof LIVE_EVENTS.alignmentRollup>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  const url = await listen(app.server);
  as = await signIn(app, ['admin', 'viewer']);
  client = await connectClient(url, await app.login('viewer'));
  rollups = new EventLog(client, LIVE_EVENTS.alignmentRollup);
  expect(await client.emitWithAck(LIVE_EVENTS.watchAlignment, { open: true })).toEqual({ data: null });
});
afterAll(async () => {
  client?.disconnect();
  await app?.stop();
});

async function create(body: object): Promise<TV2mom> {
  return ZV2momSchema.parse((await as('admin').post('/api/v2moms', body).expect(201)).body);
}

async function addMethod(v2momId: number, description: string) {
  return ZMethodListItemSchema.parse((await as('admin').post('/api/methods', { v2momId, description }).expect(201)).body);
}

async function aligned(parentId: number) {
  return ZAlignedPageSchema.parse((await as('viewer').get(`/api/v2moms/${parentId}/aligned`).expect(200)).body).rows;
}

const naming = (id: number) => (event: TAlignmentRollupEvent) => event.nodes.some((node) => node.id === id && node.branch.completed === 1);

describe('alignment:rollup', () => {
  it("sends a method's new status with its V2MOM's and every ancestor's figures, as the map reads them", async () => {
    const departmentId = (await app.orm.em.fork().findOneOrFail(Department, { name: 'Sales COE' })).id;
    const company = await create({ title: 'Company 2060', year: 2060, level: 'company' });
    const sales = await create({ title: 'Sales 2060', year: 2060, level: 'department', departmentId, parentId: company.id });
    const person = await create({ title: 'Person 2060', year: 2060, parentId: sales.id });
    const method = await addMethod(person.id, 'Person work');
    await addMethod(sales.id, 'Sales goal');

    await as('admin').put(`/api/methods/${method.id}`, { status: 'completed' }).expect(200);
    const event = await rollups.next(naming(company.id));

    const [salesNode] = await aligned(company.id);
    const companyNode = ZAlignedPageSchema.parse((await as('viewer').get('/api/alignment?year=2060').expect(200)).body).rows[0];
    const figures = ({ id, overallProgress, status, methods, branch }: TAlignmentRollupEvent['nodes'][number]) => ({ id, overallProgress, status, methods, branch });
    expect(event.nodes).toEqual(expect.arrayContaining([figures(companyNode!), figures(salesNode!)]));
    expect(salesNode?.branch).toMatchObject({ total: 2, completed: 1, notStarted: 1 });
    // The person's V2MOM is a draft its owner's approver has not approved: it is not the viewer's to read.
    expect(event.nodes.map((node) => node.id)).not.toContain(person.id);
    expect(await aligned(sales.id)).toEqual([]);
  });

  it('sends a V2MOM published to everyone with its own figures', async () => {
    const company = await create({ title: 'Company 2061', year: 2061, level: 'company' });
    const method = await addMethod(company.id, 'Company goal');
    await as('admin').put(`/api/methods/${method.id}`, { status: 'completed' }).expect(200);
    const event = await rollups.next(naming(company.id));
    expect(event.nodes).toEqual([
      { id: company.id, overallProgress: expect.any(Number), status: expect.any(String), methods: { total: 1, notStarted: 0, inProgress: 0, completed: 1, atRisk: 0 }, branch: { total: 1, notStarted: 0, inProgress: 0, completed: 1, atRisk: 0 } },
    ]);
  });
});
