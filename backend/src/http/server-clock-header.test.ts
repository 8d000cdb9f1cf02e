import { API_ENDPOINTS, SERVER_CLOCK_HEADER } from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app.js';

const AT = Date.parse('2027-07-30T20:00:00Z');

describe('the server clock header', () => {
  it("names the set clock's now on every API answer, refused and unknown ones included", async () => {
    const clock = new TestClock(AT);
    const app = await startTestApp({ clock });
    try {
      const health = await app.http().get(API_ENDPOINTS.getHealth.path).expect(200);
      expect(health.headers[SERVER_CLOCK_HEADER]).toBe(String(AT));
      await clock.setTime(AT + 90_000);
      const signedOut = await app.http().get(API_ENDPOINTS.getCurrentUser.path).expect(401);
      expect(signedOut.headers[SERVER_CLOCK_HEADER]).toBe(String(AT + 90_000));
      const unknown = await app.http().get('/api/no-such-thing').expect(401);
      expect(unknown.headers[SERVER_CLOCK_HEADER]).toBe(String(AT + 90_000));
    } finally {
      await app.stop();
    }
  });

  it("is absent on the system's clock", async () => {
    const app = await startTestApp({ clock: 'system' });
    try {
      const health = await app.http().get(API_ENDPOINTS.getHealth.path).expect(200);
      expect(health.headers).not.toHaveProperty(SERVER_CLOCK_HEADER);
    } finally {
      await app.stop();
    }
  });
});
