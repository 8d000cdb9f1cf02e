import { createHash } from 'node:crypto';
import {
  ZApiTokenListSchema,
  ZApiTokenSchema,
  ZAuditListSchema,
  ZCreatedApiTokenSchema,
  ZOwnedApiTokenListSchema,
  ZUserSchema,
  type TCreateApiToken,
  type TCreatedApiToken,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';
import { ApiToken } from './api-token.entity.js';

/** Low, so the rate's test reaches it in a few calls; each other test makes its own token. */
const REQUESTS_PER_MINUTE = 25;

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', env: { API_TOKEN_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) } });
  as = await signIn(app, ['admin', 'member', 'lead', 'nina']);
});
afterAll(() => app.stop());

const READ_WRITE: TCreateApiToken = { name: 'Deploy script', scope: 'read_write', days: 90 };
const READ: TCreateApiToken = { name: 'Dashboard', scope: 'read', days: 30 };

async function makeToken(username: string, input: TCreateApiToken = READ_WRITE): Promise<TCreatedApiToken> {
  return ZCreatedApiTokenSchema.parse((await as(username).post('/api/api-tokens', input).expect(201)).body);
}

/** Requests carrying only the token, as a script sends them. */
const withToken = (secret: string) => ({
  get: (path: string) => app.http().get(path).set('Authorization', `Bearer ${secret}`),
  post: (path: string, body: object = {}) => app.http().post(path).set('Authorization', `Bearer ${secret}`).send(body),
  patch: (path: string, body: object = {}) => app.http().patch(path).set('Authorization', `Bearer ${secret}`).send(body),
});

const storedToken = (id: number) => app.orm.em.fork().findOneOrFail(ApiToken, id);

describe('personal access tokens', () => {
  it('shows the secret once, keeps only its SHA-256 digest, and lists the token without it', async () => {
    const token = await makeToken('member');
    expect(token.secret).toMatch(/^v2m_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Deploy script', scope: 'read_write', state: 'active', lastUsedAt: null, revokedAt: null });
    expect(new Date(token.expiresAt).getTime() - new Date(token.createdAt).getTime()).toBe(90 * 24 * 60 * 60 * 1000);

    const stored = await storedToken(token.id);
    expect(stored.secretHash).toBe(createHash('sha256').update(token.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token.secret);

    const listed = ZApiTokenListSchema.parse((await as('member').get('/api/api-tokens').expect(200)).body);
    expect(listed[0]).toMatchObject({ id: token.id, hint: token.secret.slice(0, 8) });
    expect(JSON.stringify(listed)).not.toContain(token.secret);
    // Another person's list holds only their own.
    const others = ZApiTokenListSchema.parse((await as('lead').get('/api/api-tokens').expect(200)).body);
    expect(others.map((entry) => entry.id)).not.toContain(token.id);
  });

  it('refuses a name missing, an unknown scope and a life over a year', async () => {
    await as('member').post('/api/api-tokens', { ...READ, name: ' ' }).expect(400);
    await as('member').post('/api/api-tokens', { ...READ, scope: 'admin' }).expect(400);
    const tooLong = await as('member').post('/api/api-tokens', { ...READ, days: 366 }).expect(400);
    expect(tooLong.body.message + JSON.stringify(tooLong.body.fieldErrors)).toContain('1 to 365 days');
  });

  it("acts with its owner's rights, no more", async () => {
    const member = await makeToken('member');
    const admin = await makeToken('admin');
    const me = ZUserSchema.parse((await withToken(member.secret).get('/api/auth/user').expect(200)).body);
    expect(me.username).toBe('member');
    await withToken(member.secret).get('/api/admin/audit').expect(403);
    await as('member').get('/api/admin/audit').expect(403);
    await withToken(admin.secret).get('/api/admin/audit').expect(200);
  });

  it('with the read scope answers reads and refuses every write', async () => {
    const token = await makeToken('lead', READ);
    const me = ZUserSchema.parse((await withToken(token.secret).get('/api/auth/user').expect(200)).body);
    const refused = await withToken(token.secret).patch('/api/auth/user', { name: 'Renamed', version: me.version }).expect(403);
    expect(refused.body.message).toContain('read-only');
    const stored = await app.orm.em.fork().findOneOrFail(User, me.id);
    expect(stored.name).toBe(me.name);
  });

  it('with the read and write scope writes as its owner', async () => {
    const token = await makeToken('nina');
    const me = ZUserSchema.parse((await withToken(token.secret).get('/api/auth/user').expect(200)).body);
    const renamed = ZUserSchema.parse((await withToken(token.secret).patch('/api/auth/user', { name: me.name, version: me.version }).expect(200)).body);
    expect(renamed.id).toBe(me.id);
  });

  it('cannot make tokens, sign out, change a password or see sessions', async () => {
    const token = await makeToken('member');
    const caller = withToken(token.secret);
    const answers = await Promise.all([
      caller.get('/api/api-tokens'),
      caller.post('/api/api-tokens', READ),
      caller.post(`/api/api-tokens/${token.id}/revoke`),
      caller.get('/api/auth/sessions'),
      caller.post('/api/auth/password', { currentPassword: 'demo1234', newPassword: 'a new passphrase' }),
      caller.post('/api/auth/logout'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('sign in to the app in a browser');
    }
    expect((await storedToken(token.id)).revokedAt).toBeNull();
  });

  it('answers 401 saying why once revoked, expired, or its account deactivated', async () => {
    const revoked = await makeToken('member');
    await withToken(revoked.secret).get('/api/auth/user').expect(200);
    const answer = ZApiTokenSchema.parse((await as('member').post(`/api/api-tokens/${revoked.id}/revoke`).expect(200)).body);
    expect(answer.state).toBe('revoked');
    expect((await withToken(revoked.secret).get('/api/auth/user').expect(401)).body.message).toBe('This API token was revoked');

    const expired = await makeToken('member');
    await app.orm.em.fork().nativeUpdate(ApiToken, { id: expired.id }, { expiresAt: new Date(app.now().getTime() - 1000) });
    expect((await withToken(expired.secret).get('/api/auth/user').expect(401)).body.message).toContain('has expired');

    const unknown = `v2m_${'x'.repeat(43)}`;
    expect((await withToken(unknown).get('/api/auth/user').expect(401)).body.message).toBe('This API token is not valid');
    // A call open to anyone answers it as it answers someone signed out.
    expect((await withToken(unknown).get('/api/auth/session').expect(200)).body).toEqual({ isAuthenticated: false });
    // A path no route takes answers its refusal too.
    expect((await withToken(unknown).get('/api/no-such-call').expect(401)).body.message).toBe('This API token is not valid');

    const owned = await makeToken('lead');
    const lead = await app.orm.em.fork().findOneOrFail(User, { username: 'lead' });
    await app.orm.em.fork().nativeUpdate(User, { id: lead.id }, { active: false });
    try {
      expect((await withToken(owned.secret).get('/api/auth/user').expect(401)).body.message).toContain('deactivated');
    } finally {
      await app.orm.em.fork().nativeUpdate(User, { id: lead.id }, { active: true });
    }
  });

  it("revokes only one's own token; settings holders list and revoke anyone's", async () => {
    const token = await makeToken('member');
    await as('lead').post(`/api/api-tokens/${token.id}/revoke`).expect(404);
    await as('member').get('/api/admin/api-tokens').expect(403);
    await as('member').post(`/api/admin/api-tokens/${token.id}/revoke`).expect(403);

    const all = ZOwnedApiTokenListSchema.parse((await as('admin').get('/api/admin/api-tokens').expect(200)).body);
    expect(all.find((entry) => entry.id === token.id)?.owner.name).toBe('Morgan Diaz');
    await as('admin').post(`/api/admin/api-tokens/${token.id}/revoke`).expect(200);
    await withToken(token.secret).get('/api/auth/user').expect(401);
  });

  it('notes its last use at most once a minute', async () => {
    const token = await makeToken('member', READ);
    await withToken(token.secret).get('/api/auth/user').expect(200);
    const first = (await storedToken(token.id)).lastUsedAt;
    expect(first).not.toBeNull();
    await withToken(token.secret).get('/api/auth/user').expect(200);
    expect((await storedToken(token.id)).lastUsedAt).toEqual(first);
    // A minute and more later, the next call notes itself.
    await app.orm.em.fork().nativeUpdate(ApiToken, { id: token.id }, { lastUsedAt: new Date(app.now().getTime() - 61_000) });
    await withToken(token.secret).get('/api/auth/user').expect(200);
    expect((await storedToken(token.id)).lastUsedAt?.getTime()).toBeGreaterThan(app.now().getTime() - 10_000);
  });

  it('answers 429 with Retry-After past its rate, which no other token shares', async () => {
    const busy = await makeToken('member', READ);
    const calm = await makeToken('member', READ);
    for (let call = 0; call < REQUESTS_PER_MINUTE; call += 1) await withToken(busy.secret).get('/api/auth/user').expect(200);
    const refused = await withToken(busy.secret).get('/api/auth/user').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toContain('calling too often');
    await withToken(calm.secret).get('/api/auth/user').expect(200);
  });

  it('audits each creation and revocation', async () => {
    const token = await makeToken('member', { ...READ, name: 'Audited' });
    await as('admin').post(`/api/admin/api-tokens/${token.id}/revoke`).expect(200);
    const entries = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit').expect(200)).body);
    const about = entries.filter((entry) => entry.subject === 'Audited (Morgan Diaz (member))');
    expect(about.map((entry) => [entry.action, entry.actor?.name])).toEqual([
      ['api_token.revoked', 'Avery Admin'],
      ['api_token.created', 'Morgan Diaz'],
    ]);
  });

  it('answers only the password change to an owner holding a temporary password', async () => {
    const token = await makeToken('lead', READ);
    const lead = await app.orm.em.fork().findOneOrFail(User, { username: 'lead' });
    await app.orm.em.fork().nativeUpdate(User, { id: lead.id }, { passwordChangeRequired: true });
    try {
      const refused = await withToken(token.secret).get('/api/methods/summary').expect(403);
      expect(refused.body.code).toBe('password_change_required');
    } finally {
      await app.orm.em.fork().nativeUpdate(User, { id: lead.id }, { passwordChangeRequired: false });
    }
  });

  it('leaves a session cookie sent beside it unread', async () => {
    const token = await makeToken('member', READ);
    const cookie = await app.login('admin');
    await app.http().get('/api/admin/audit').set('Cookie', cookie).set('Authorization', `Bearer ${token.secret}`).expect(403);
  });
});
