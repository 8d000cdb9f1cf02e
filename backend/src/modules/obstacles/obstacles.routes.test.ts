import { ZConflictBodySchema, ZErrorBodySchema, ZObstacleSchema, type TMethodListItem } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEveryMethod, signedInReader } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
const cookies: Record<string, string> = {};
let methods: TMethodListItem[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  for (const username of ['admin', 'coo', 'member', 'viewer']) cookies[username] = await app.login(username);
  methods = await readEveryMethod(signedInReader(app.http, as('admin')));
});
afterAll(() => app.stop());

const as = (username: string) => cookies[username] ?? '';

function methodNamed(prefix: string): TMethodListItem {
  const method = methods.find((m) => m.description.startsWith(prefix));
  if (!method) throw new Error(`No demo method '${prefix}'`);
  return method;
}

/** Morgan Diaz (member) owns the 'Brand and Demand Engine' V2MOM of these methods. */
const ownMethod = () => methodNamed('Run a monthly customer-led webinar series');
const foreignMethod = () => methodNamed('Launch a monthly business review');

async function createAsMember(description: string) {
  const body = { description, v2momId: ownMethod().v2momId, linkedMethodIds: [ownMethod().id], order: 0 };
  return ZObstacleSchema.parse((await app.http().post('/api/obstacles').set('Cookie', as('member')).send(body).expect(201)).body);
}

describe('POST /api/obstacles', () => {
  it('lets a V2MOM owner add an obstacle, owned by them by default', async () => {
    const obstacle = await createAsMember('Speakers cancel late\nin the week');
    expect(obstacle).toMatchObject({
      description: 'Speakers cancel late\nin the week',
      linkedMethodIds: [ownMethod().id],
      owner: { name: 'Morgan Diaz' },
      order: 0,
      impact: null,
      version: 1,
    });
  });

  it("refuses someone else's V2MOM, and read-only users", async () => {
    const body = { description: 'Not mine', v2momId: foreignMethod().v2momId };
    const response = await app.http().post('/api/obstacles').set('Cookie', as('member')).send(body).expect(403);
    expect(ZErrorBodySchema.parse(response.body).message).toBe('You can add obstacles only to V2MOMs you own');
    await app.http().post('/api/obstacles').set('Cookie', as('viewer')).send(body).expect(403);
  });

  it('lets manage_structure add to any V2MOM', async () => {
    await app.http().post('/api/obstacles').set('Cookie', as('admin')).send({ description: 'Budget freeze', v2momId: ownMethod().v2momId }).expect(201);
  });

  it('answers 400 for a blank description, an unknown V2MOM and methods of another V2MOM', async () => {
    const blank = await app.http().post('/api/obstacles').set('Cookie', as('member')).send({ description: ' ', v2momId: ownMethod().v2momId }).expect(400);
    expect(blank.body.fieldErrors).toHaveProperty('description');
    await app.http().post('/api/obstacles').set('Cookie', as('member')).send({ description: 'X', v2momId: 999999 }).expect(400);
    const foreign = await app.http()
      .post('/api/obstacles')
      .set('Cookie', as('member'))
      .send({ description: 'X', v2momId: ownMethod().v2momId, linkedMethodIds: [foreignMethod().id] })
      .expect(400);
    expect(foreign.body.fieldErrors).toEqual({ linkedMethodIds: ['Link only methods of this V2MOM'] });
  });
});

describe('PUT /api/obstacles/{id}', () => {
  it('lets the V2MOM owner change it, and answers 409 on a stale version', async () => {
    const obstacle = await createAsMember('Venue costs rising');
    const response = await app.http()
      .put(`/api/obstacles/${obstacle.id}`)
      .set('Cookie', as('member'))
      .send({ version: obstacle.version, description: 'Venue costs up 20%', linkedMethodIds: [], ownerId: null })
      .expect(200);
    expect(ZObstacleSchema.parse(response.body)).toMatchObject({ description: 'Venue costs up 20%', linkedMethodIds: [], owner: null, version: 2 });
    const stale = await app.http().put(`/api/obstacles/${obstacle.id}`).set('Cookie', as('admin')).send({ version: 1, description: 'Old' }).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).conflict).toMatchObject({ entity: 'obstacle', updatedBy: { name: 'Morgan Diaz' } });
  });

  it('refuses others, and answers 404 for an unknown obstacle', async () => {
    const obstacle = await createAsMember('Slides late');
    const response = await app.http().put(`/api/obstacles/${obstacle.id}`).set('Cookie', as('coo')).send({ version: 1, description: 'X' }).expect(403);
    expect(response.body.message).toBe("You don't have permission to edit this V2MOM");
    await app.http().put('/api/obstacles/999999').set('Cookie', as('admin')).send({ version: 1, description: 'X' }).expect(404);
  });
});

describe('DELETE /api/obstacles/{id}', () => {
  it('needs manage_structure', async () => {
    const obstacle = await createAsMember('Printer broken');
    const refused = await app.http().delete(`/api/obstacles/${obstacle.id}`).set('Cookie', as('member')).expect(403);
    expect(refused.body.message).toBe('Only Avery Admin can add or delete values, methods and obstacles');
    const response = await app.http().delete(`/api/obstacles/${obstacle.id}`).set('Cookie', as('admin')).expect(200);
    expect(response.body).toEqual({ message: 'Obstacle deleted successfully' });
    await app.http().delete(`/api/obstacles/${obstacle.id}`).set('Cookie', as('admin')).expect(404);
  });
});
