import { ZAccountSessionListSchema, ZEndSessionsResponseSchema, ZUserSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, disconnected, listen } from '../../test/live-client.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { deviceLabel } from './device-label.js';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE_ON_MACOS =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let app: TestApp;
let url: string;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  url = await listen(app.server);
});
afterAll(() => app.stop());

/** Signs in as a browser with that User-Agent would. */
async function signInWith(username: string, userAgent: string): Promise<string> {
  const response = await app.http().post('/api/auth/login').set('User-Agent', userAgent).send({ username, password: DEMO_PASSWORD }).expect(200);
  const cookie = [response.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('v2mom_session='));
  return cookie!.split(';')[0]!;
}

async function sessionsOf(cookie: string) {
  return ZAccountSessionListSchema.parse((await app.http().get('/api/auth/sessions').set('Cookie', cookie).expect(200)).body);
}

describe('device labels', () => {
  it('names the browser and the system, whatever else the User-Agent claims', () => {
    expect(deviceLabel(FIREFOX_ON_WINDOWS)).toBe('Firefox on Windows');
    expect(deviceLabel(SAFARI_ON_IPHONE)).toBe('Safari on iOS');
    expect(deviceLabel(EDGE_ON_MACOS)).toBe('Edge on macOS');
    expect(deviceLabel(CHROME_ON_ANDROID)).toBe('Chrome on Android');
    expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
    expect(deviceLabel(null)).toBe('Unknown device');
  });
});

describe('PATCH /api/auth/user', () => {
  it("changes one's own name with the version, and refuses a stale one", async () => {
    const cookie = await app.login('lead');
    const me = ZUserSchema.parse((await app.http().get('/api/auth/user').set('Cookie', cookie).expect(200)).body);
    const renamed = ZUserSchema.parse((await app.http().patch('/api/auth/user').set('Cookie', cookie).send({ name: '  Logan Lee-Park ', version: me.version }).expect(200)).body);
    expect(renamed).toMatchObject({ name: 'Logan Lee-Park', version: me.version + 1, role: me.role, capabilities: me.capabilities });
    const stale = await app.http().patch('/api/auth/user').set('Cookie', cookie).send({ name: 'Someone', version: me.version }).expect(409);
    expect(stale.body.conflict).toMatchObject({ entity: 'user', updatedBy: { name: 'Logan Lee-Park' } });
    await app.http().patch('/api/auth/user').set('Cookie', cookie).send({ name: '   ', version: renamed.version }).expect(400);
  });
});

describe('sessions', () => {
  it('lists the live sessions with device, created, last seen, the current one first', async () => {
    const laptop = await signInWith('nina', FIREFOX_ON_WINDOWS);
    await signInWith('nina', SAFARI_ON_IPHONE);
    const sessions = await sessionsOf(laptop);
    expect(sessions.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Firefox on Windows', current: true },
      { device: 'Safari on iOS', current: false },
    ]);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
  });

  it("signs out one session and closes its socket, and 404s for a handle that is not one's own", async () => {
    const laptop = await signInWith('omar', FIREFOX_ON_WINDOWS);
    const phone = await signInWith('omar', SAFARI_ON_IPHONE);
    const someoneElse = await signInWith('member', EDGE_ON_MACOS);
    const phoneSocket = await connectClient(url, phone, { reconnection: false });
    const gone = disconnected(phoneSocket);
    const phoneHandle = (await sessionsOf(laptop)).find((session) => !session.current)!.id;

    const othersHandle = (await sessionsOf(someoneElse))[0]!.id;
    await app.http().delete(`/api/auth/sessions/${othersHandle}`).set('Cookie', laptop).expect(404);
    await app.http().get('/api/auth/user').set('Cookie', someoneElse).expect(200);

    await app.http().delete(`/api/auth/sessions/${phoneHandle}`).set('Cookie', laptop).expect(200);
    expect(await gone).toBe('io server disconnect');
    await app.http().get('/api/auth/user').set('Cookie', phone).expect(401);
    await app.http().get('/api/auth/user').set('Cookie', laptop).expect(200);
    await app.http().delete(`/api/auth/sessions/${phoneHandle}`).set('Cookie', laptop).expect(404);
  });

  it('signs out everywhere else, keeping this session and nobody else’s', async () => {
    const here = await signInWith('coo', FIREFOX_ON_WINDOWS);
    const elsewhere = [await signInWith('coo', SAFARI_ON_IPHONE), await signInWith('coo', CHROME_ON_ANDROID)];
    const someoneElse = await signInWith('viewer', EDGE_ON_MACOS);
    const response = await app.http().delete('/api/auth/sessions').set('Cookie', here).expect(200);
    expect(ZEndSessionsResponseSchema.parse(response.body)).toEqual({ message: '2 other sessions have been signed out', ended: 2 });
    for (const cookie of elsewhere) await app.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
    expect((await sessionsOf(here)).map((session) => session.current)).toEqual([true]);
    await app.http().get('/api/auth/user').set('Cookie', someoneElse).expect(200);
  });

  it('takes a trailing slash for another path: DELETE /api/auth/sessions/ with no handle signs out nobody', async () => {
    const here = await signInWith('diego', FIREFOX_ON_WINDOWS);
    const elsewhere = await signInWith('diego', SAFARI_ON_IPHONE);
    await app.http().delete('/api/auth/sessions/').set('Cookie', here).expect(404);
    await app.http().get('/api/auth/user').set('Cookie', elsewhere).expect(200);
  });
});
