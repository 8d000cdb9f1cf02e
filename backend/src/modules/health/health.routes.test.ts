import { ZHealthSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe('GET /api/health', () => {
  it('reports the database without needing a session', async () => {
    const response = await app.http().get('/api/health').expect(200);
    const health = ZHealthSchema.parse(response.body);
    expect(health.status).toBe('ok');
    expect(health.database.ok).toBe(true);
    expect(health.database.driver).toBe(app.database.driver);
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
  });
});
