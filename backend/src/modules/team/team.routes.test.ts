import { ZMethodListSchema, ZTeamProgressSchema, ZV2momListSchema, methodsOnTrack } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['viewer', 'member']);
});
afterAll(() => app.stop());

async function progress() {
  return ZTeamProgressSchema.parse((await as('viewer').get('/api/team/progress').expect(200)).body);
}

describe('GET /api/team/progress', () => {
  it('has one row per member who owns a V2MOM or a method, with the shared on-track count', async () => {
    const rows = await progress();
    const methods = ZMethodListSchema.parse((await as('viewer').get('/api/methods/all').expect(200)).body);
    const v2moms = ZV2momListSchema.parse((await as('viewer').get('/api/v2moms').expect(200)).body);
    const owners = new Set([...methods.flatMap((method) => (method.ownerId ? [method.ownerId] : [])), ...v2moms.map((v2mom) => v2mom.userId)]);
    expect(rows.map((row) => row.user.id).sort()).toEqual([...owners].sort());
    for (const row of rows) {
      const own = methods.filter((method) => method.ownerId === row.user.id);
      const onTrack = methodsOnTrack(own);
      expect([row.totalMethods, row.methodsOnTrack]).toEqual([onTrack.total, onTrack.count]);
      const latest = v2moms.find((v2mom) => v2mom.userId === row.user.id);
      expect(row.v2momId).toBe(latest?.id ?? null);
      expect(row.lastUpdated).not.toBeNull();
    }
    expect(rows.map((row) => row.user.department)).toEqual([...rows.map((row) => row.user.department)].sort());
  });

  it("points at the member's most recently changed V2MOM", async () => {
    const created = await as('member').post('/api/v2moms', { title: 'Newest', year: 2026 }).expect(201);
    const row = (await progress()).find((candidate) => candidate.user.id === created.body.userId);
    expect(row).toMatchObject({ v2momId: created.body.id, lastUpdated: created.body.lastUpdated });
  });
});
