import { DEMO_DEPARTMENTS, ZDepartmentListSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['viewer']);
});
afterAll(() => app.stop());

describe('GET /api/departments', () => {
  it('returns the stored department list sorted by name', async () => {
    const departments = ZDepartmentListSchema.parse((await as('viewer').get('/api/departments').expect(200)).body);
    expect(departments.map((department) => department.name)).toEqual([...DEMO_DEPARTMENTS].sort());
  });

  it('needs a session', async () => {
    await app.http().get('/api/departments').expect(401);
  });
});
