import { ZErrorBodySchema, ZMessageResponseSchema, type TChangePasswordRequest } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { FAILURES_PER_PAIR } from './login-throttle.js';

/** Its own app: wrong passwords here count against this address's login throttle. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
});
afterAll(() => app.stop());

const NEW_PASSWORD = 'correct horse battery';

function changePassword(cookie: string, body: Partial<Record<keyof TChangePasswordRequest, unknown>>) {
  return app.http().post('/api/auth/password').set('Cookie', cookie).send(body);
}

/** The session cookie (name=value) an answer sets. */
function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const cookie = [setCookie ?? []].flat().find((value) => value.startsWith('v2mom_session='));
  if (!cookie) throw new Error('The answer set no session cookie');
  return cookie.split(';')[0]!;
}

async function signsIn(username: string, password: string): Promise<boolean> {
  const response = await app.http().post('/api/auth/login').send({ username, password });
  return response.status === 200;
}

describe('POST /api/auth/password', () => {
  it('sets the new password: it signs in, the old one no longer does, and the caller stays signed in on a new session', async () => {
    const cookie = await app.login('member');
    const response = await changePassword(cookie, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);
    expect(ZMessageResponseSchema.parse(response.body)).toEqual({ message: 'Your password has been changed' });

    // As a sign-in does, the change gives the caller a new session id: the old cookie is spent.
    const renewed = sessionCookieOf(response.headers['set-cookie']);
    expect(renewed).not.toBe(cookie);
    await app.http().get('/api/auth/user').set('Cookie', renewed).expect(200);
    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
    expect(await signsIn('member', DEMO_PASSWORD)).toBe(false);
    expect(await signsIn('member', NEW_PASSWORD)).toBe(true);
  });

  it('ends every other session of the user, and no one else’s', async () => {
    const [laptop, phone, tablet] = [await app.login('nina'), await app.login('nina'), await app.login('nina')];
    const someoneElse = await app.login('omar');

    const response = await changePassword(laptop, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }).expect(200);

    await app.http().get('/api/auth/user').set('Cookie', sessionCookieOf(response.headers['set-cookie'])).expect(200);
    for (const ended of [phone, tablet]) {
      await app.http().get('/api/auth/user').set('Cookie', ended).expect(401);
      const session = await app.http().get('/api/auth/session').set('Cookie', ended).expect(200);
      expect(session.body).toEqual({ isAuthenticated: false });
    }
    await app.http().get('/api/auth/user').set('Cookie', someoneElse).expect(200);
  });

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const [cookie, otherSession] = [await app.login('lead'), await app.login('lead')];
    const response = await changePassword(cookie, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }).expect(400);
    expect(ZErrorBodySchema.parse(response.body)).toEqual({
      message: 'Current password is incorrect',
      code: 'bad_request',
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });

    await app.http().get('/api/auth/user').set('Cookie', otherSession).expect(200);
    expect(await signsIn('lead', NEW_PASSWORD)).toBe(false);
    expect(await signsIn('lead', DEMO_PASSWORD)).toBe(true);
  });

  it('counts wrong current passwords against the login throttle of the account', async () => {
    const cookie = await app.login('coo');
    for (let attempt = 0; attempt < FAILURES_PER_PAIR; attempt++) {
      await changePassword(cookie, { currentPassword: `guess-${attempt}`, newPassword: NEW_PASSWORD }).expect(400);
    }
    const locked = await changePassword(cookie, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }).expect(429);
    expect(locked.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await app.http().post('/api/auth/login').send({ username: 'coo', password: DEMO_PASSWORD }).expect(429);
  });

  it.each<[string, Partial<Record<keyof TChangePasswordRequest, unknown>>, Record<string, string[]>]>([
    [
      'both fields missing',
      {},
      { currentPassword: ['Invalid input: expected string, received undefined'], newPassword: ['Invalid input: expected string, received undefined'] },
    ],
    ['an empty current password', { currentPassword: '', newPassword: NEW_PASSWORD }, { currentPassword: ['Current password is required'] }],
    ['a short new password', { currentPassword: DEMO_PASSWORD, newPassword: 'seven77' }, { newPassword: ['New password must be at least 8 characters'] }],
    ['a long new password', { currentPassword: DEMO_PASSWORD, newPassword: 'x'.repeat(201) }, { newPassword: ['New password must be at most 200 characters'] }],
    [
      'the same password again',
      { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
      { newPassword: ['New password must be different from the current one'] },
    ],
    ['a number for a password', { currentPassword: DEMO_PASSWORD, newPassword: 12345678 }, { newPassword: ['Invalid input: expected string, received number'] }],
  ])('answers 400 for %s, and changes nothing', async (_case, body, fieldErrors) => {
    const cookie = await app.login('viewer');
    const response = await changePassword(cookie, body).expect(400);
    expect(response.body).toEqual({ message: 'Please check the highlighted fields', code: 'bad_request', fieldErrors });
    expect(await signsIn('viewer', DEMO_PASSWORD)).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const response = await app.http().post('/api/auth/password').send({ currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }).expect(401);
    expect(response.body).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
  });

  it('refuses a call from a foreign origin, as every state-changing call', async () => {
    const cookie = await app.login('priya');
    const response = await changePassword(cookie, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(response.body.message).toBe('Cross-site requests are not allowed');
    expect(await signsIn('priya', DEMO_PASSWORD)).toBe(true);
  });
});
