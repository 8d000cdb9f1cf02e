import { ZErrorBodySchema, ZLoginResponseSchema, ZSessionSchema, ZUserSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seeds/demo/demo-people.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';
import { UserSession } from './user-session.entity.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
});
afterAll(() => app.stop());

describe('GET /api/auth/session', () => {
  it('is false without a cookie and true after signing in', async () => {
    const before = await app.http().get('/api/auth/session').expect(200);
    expect(ZSessionSchema.parse(before.body)).toEqual({ isAuthenticated: false });

    const cookie = await app.login('member');
    const after = await app.http().get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(after.body).toEqual({ isAuthenticated: true });
  });
});

describe('GET /api/auth/user', () => {
  it.each(DEMO_ACCOUNTS)('returns $username with role and capabilities', async (account) => {
    const cookie = await app.login(account.username);
    const response = await app.http().get('/api/auth/user').set('Cookie', cookie).expect(200);
    const user = ZUserSchema.parse(response.body);
    expect(user).toMatchObject({
      username: account.username,
      name: account.name,
      department: account.department,
      role: account.role,
      avatarUrl: null,
    });
    expect([...user.capabilities].sort()).toEqual([...account.capabilities].sort());
    expect(response.body).not.toHaveProperty('passwordHash');
  });

  it('answers 401 JSON without a session', async () => {
    const response = await app.http().get('/api/auth/user').expect(401);
    expect(response.body).toMatchObject({ message: 'Not authenticated' });
  });
});

describe('the session behind a cookie', () => {
  const sessionsOf = (username: string) =>
    app.orm.em.fork().find(UserSession, { user: { username } }, { orderBy: { createdAt: 'desc' } });

  it('is refused and removed once it has expired', async () => {
    const cookie = await app.login('coo');
    const [session] = await sessionsOf('coo');
    await app.orm.em.fork().nativeUpdate(UserSession, { id: session?.id }, { expiresAt: new Date(app.now().getTime() - 1000) });
    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
    expect(await app.orm.em.fork().count(UserSession, { id: session?.id })).toBe(0);
  });

  it('is marked seen when last seen over five minutes ago, and not at every request', async () => {
    const cookie = await app.login('viewer');
    const [session] = await sessionsOf('viewer');
    const asked = app.now();
    const sixMinutesAgo = new Date(asked.getTime() - 6 * 60 * 1000);
    await app.orm.em.fork().nativeUpdate(UserSession, { id: session?.id }, { lastSeenAt: sixMinutesAgo });
    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(200);
    const seen = await app.orm.em.fork().findOneOrFail(UserSession, { id: session?.id });
    expect(seen.lastSeenAt.getTime()).toBeGreaterThanOrEqual(asked.getTime());

    const fourMinutesAgo = new Date(app.now().getTime() - 4 * 60 * 1000);
    await app.orm.em.fork().nativeUpdate(UserSession, { id: session?.id }, { lastSeenAt: fourMinutesAgo });
    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(200);
    const unchanged = await app.orm.em.fork().findOneOrFail(UserSession, { id: session?.id });
    expect(unchanged.lastSeenAt.getTime()).toBe(fourMinutesAgo.getTime());
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and sets a hardened cookie', async () => {
    const response = await app.http().post('/api/auth/login').send({ username: 'lead', password: 'demo1234' }).expect(200);
    const body = ZLoginResponseSchema.parse(response.body);
    expect(body.message).toBe('Login successful');
    expect(body.user.username).toBe('lead');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^v2mom_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('moves the last sign-in without a new version, so an administrator’s open edit of the person still saves', async () => {
    const before = await app.orm.em.fork().findOneOrFail(User, { username: 'hannah' });
    await app.login('hannah');
    await app.login('hannah');
    const after = await app.orm.em.fork().findOneOrFail(User, { username: 'hannah' });
    expect(after.lastSignInAt?.getTime()).toBeGreaterThan(before.lastSignInAt?.getTime() ?? 0);
    expect(after.version).toBe(before.version);

    const admin = await app.login('admin');
    await app.http().patch(`/api/admin/users/${before.id}`).set('Cookie', admin).send({ version: before.version, name: 'Hannah Scott-Lee' }).expect(200);
  });

  it('ignores the case of the username', async () => {
    await app.http().post('/api/auth/login').send({ username: ' Coo ', password: 'demo1234' }).expect(200);
  });

  it('refuses a wrong password with the same message as an unknown user', async () => {
    const wrong = await app.http().post('/api/auth/login').send({ username: 'coo', password: 'nope' }).expect(401);
    const unknown = await app.http().post('/api/auth/login').send({ username: 'nobody', password: 'nope' }).expect(401);
    expect(ZErrorBodySchema.parse(wrong.body).message).toBe('Invalid username or password');
    expect(unknown.body.message).toBe('Invalid username or password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it.each([{}, { username: 'admin' }, { password: 'demo1234' }, { username: '   ', password: 'demo1234' }, { username: 'admin', password: '' }])(
    'answers 400 when a field is missing: %j',
    async (body) => {
      const response = await app.http().post('/api/auth/login').send(body).expect(400);
      expect(response.body.message).toBe('Username and password are required');
      expect(response.body.fieldErrors).toBeTypeOf('object');
    },
  );

  it('answers 400, not a database error, for a username the database cannot hold', async () => {
    const response = await app.http().post('/api/auth/login').send({ username: 'ad\u0000min', password: 'demo1234' }).expect(400);
    expect(response.body.fieldErrors.username).toEqual(['Text cannot contain NUL characters']);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: the old cookie no longer works', async () => {
    const cookie = await app.login('admin');
    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(200);

    const response = await app.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect(response.body).toEqual({ message: 'You have been successfully logged out' });
    expect(String(response.headers['set-cookie'])).toMatch(/v2mom_session=;.*Max-Age=0/);

    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
    const session = await app.http().get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(session.body).toEqual({ isAuthenticated: false });
  });

  it('succeeds without a session', async () => {
    await app.http().post('/api/auth/logout').expect(200);
  });
});

describe('GET /api/auth/sso', () => {
  it('says single sign-on is off when no provider is configured', async () => {
    const response = await app.http().get('/api/auth/sso').expect(200);
    expect(response.body).toEqual({ enabled: false });
  });
});
