import { MAX_PAGE_SIZE, ZMethodListSchema, ZUserPageSchema, ZV2momListSchema, structureContactName } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_MEMBERS } from '../../seeds/demo/demo-people.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['viewer']);
});
afterAll(() => app.stop());

/** Everyone, on one page: the demo holds fewer people than a page may. */
async function everyone() {
  return ZUserPageSchema.parse((await as('viewer').get(`/api/users/search?limit=${MAX_PAGE_SIZE}`).expect(200)).body).rows;
}

async function userId(username: string): Promise<number> {
  const users = await everyone();
  const user = users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`No demo user ${username}`);
  return user.id;
}

describe('GET /api/users/search', () => {
  it('lists everyone by name with department and role, never capabilities or password hashes', async () => {
    const response = await as('viewer').get(`/api/users/search?limit=${MAX_PAGE_SIZE}`).expect(200);
    const users = ZUserPageSchema.parse(response.body).rows;
    expect(users).toHaveLength(DEMO_ACCOUNTS.length + DEMO_MEMBERS.length);
    expect(users.map((user) => user.name)).toEqual([...users.map((user) => user.name)].sort((a, b) => a.localeCompare(b)));
    expect(users.find((user) => user.username === 'member')).toMatchObject({ name: 'Morgan Diaz', department: 'Marketing', role: 'user', avatarUrl: null });
    for (const user of response.body.rows) expect(Object.keys(user).sort()).toEqual(['active', 'avatarUrl', 'department', 'id', 'name', 'role', 'structureContact', 'username', 'version']);
  });

  it("marks only the person 'Only {name} can …' messages name: the first manage_structure holder", async () => {
    const users = await everyone();
    expect(users.filter((user) => user.structureContact).map((user) => user.name)).toEqual(['Avery Admin']);
    expect(structureContactName(users)).toBe('Avery Admin');
  });
});

describe('GET /api/users/:id/v2moms and /methods', () => {
  it("returns the user's own V2MOMs and methods", async () => {
    const id = await userId('member');
    const v2moms = ZV2momListSchema.parse((await as('viewer').get(`/api/users/${id}/v2moms`).expect(200)).body);
    expect(v2moms.map((v2mom) => v2mom.title)).toEqual(['Brand and Demand Engine']);
    const methods = ZMethodListSchema.parse((await as('viewer').get(`/api/users/${id}/methods`).expect(200)).body);
    expect(methods.map((method) => method.description)).toEqual([
      'Run a monthly customer-led webinar series',
      'Introduce multi-touch attribution for paid channels',
      'Co-host regional customer events with Marketing',
      'Build a predictable, brand-led demand engine',
    ]);
    for (const method of methods) expect(method.owner).toMatchObject({ id, name: 'Morgan Diaz' });
  });

  it('answers empty lists for a user without any, 404 for an unknown user and 400 for a bad id', async () => {
    const id = await userId('viewer');
    expect((await as('viewer').get(`/api/users/${id}/v2moms`).expect(200)).body).toEqual([]);
    await as('viewer').get('/api/users/999999/v2moms').expect(404);
    await as('viewer').get('/api/users/999999/methods').expect(404);
    await as('viewer').get('/api/users/-1/methods').expect(400);
  });
});
