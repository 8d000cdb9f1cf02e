import {
  API_ENDPOINTS,
  LIVE_EVENTS,
  ZAdminUserPageSchema,
  ZAdminUserSchema,
  ZAuditListSchema,
  ZDepartmentSchema,
  ZErrorBodySchema,
  ZTemporaryPasswordResponseSchema,
  ZUserPageSchema,
  ZUserSchema,
  ZV2momCompleteSchema,
  ZMethodPageSchema,
  type TAdminUser,
  type TTemporaryPasswordResponse,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { connectClient, disconnected, EventLog, listen } from '../../test/live-client.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { FAILURES_PER_PAIR } from '../auth/login-throttle.js';
import { User } from '../users/user.entity.js';

let app: TestApp;
let fx: Fixtures;
let url: string;
let admin: string;
let marketingId: number;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  url = await listen(app.server);
  admin = await app.login('admin');
  marketingId = (await peopleFound('marketing')).find((user) => user.department === 'Marketing')!.departmentId;
});
afterAll(() => app.stop());

function asAdmin(method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object) {
  const request = app.http()[method](path).set('Cookie', admin);
  return body === undefined ? request : request.send(body);
}

/** The first page of the People table a search finds: a page holds every person the demo seeds and these tests create. */
async function peopleFound(q: string): Promise<TAdminUser[]> {
  return ZAdminUserPageSchema.parse((await asAdmin('get', `/api/admin/users?limit=200&q=${encodeURIComponent(q)}`).expect(200)).body).rows;
}

let created = 0;

async function createPerson(overrides: Record<string, unknown> = {}): Promise<TTemporaryPasswordResponse> {
  const body = { username: `person-${++created}`, name: `Person ${created}`, departmentId: marketingId, role: 'user', ...overrides };
  return ZTemporaryPasswordResponseSchema.parse((await asAdmin('post', '/api/admin/users', body).expect(201)).body);
}

/** Signs a created person in and replaces the temporary password, as the account page makes them do. */
async function signInForGood(username: string, temporaryPassword: string): Promise<string> {
  const cookie = await app.login(username, temporaryPassword);
  const response = await app.http().post('/api/auth/password').set('Cookie', cookie).send({ currentPassword: temporaryPassword, newPassword: DEMO_PASSWORD }).expect(200);
  const renewed = [response.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith('v2mom_session='));
  return renewed!.split(';')[0]!;
}

async function audit(query = '') {
  return ZAuditListSchema.parse((await asAdmin('get', `/api/admin/audit${query}`).expect(200)).body);
}

describe('people', () => {
  it('creates an account whose temporary password works once shown, and must be replaced before anything else', async () => {
    const { user, temporaryPassword } = await createPerson({ capabilities: ['manage_tasks', 'export_slides', 'manage_tasks'] });
    expect(user).toMatchObject({ department: 'Marketing', role: 'user', capabilities: ['export_slides', 'manage_tasks'], active: true, passwordChangeRequired: true, lastSignInAt: null });
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{16}$/);

    const cookie = await app.login(user.username, temporaryPassword);
    const me = ZUserSchema.parse((await app.http().get('/api/auth/user').set('Cookie', cookie).expect(200)).body);
    expect(me.passwordChangeRequired).toBe(true);
    const refused = await app.http().get('/api/v2moms').set('Cookie', cookie).expect(403);
    expect(ZErrorBodySchema.parse(refused.body).code).toBe('password_change_required');
    await app.http().get('/api/auth/sessions').set('Cookie', cookie).expect(403);

    const renewed = await signInForGood(user.username, temporaryPassword);
    await app.http().get('/api/v2moms').set('Cookie', renewed).expect(200);
    expect(ZUserSchema.parse((await app.http().get('/api/auth/user').set('Cookie', renewed).expect(200)).body).passwordChangeRequired).toBe(false);
    const row = (await peopleFound(user.username)).filter((person) => person.id === user.id);
    expect(row).toHaveLength(1);
    expect(row[0]?.lastSignInAt).not.toBeNull();
  });

  it('refuses a username that is taken, in any case', async () => {
    const { user } = await createPerson();
    const twin = { name: 'Twin', departmentId: marketingId, role: 'user' };
    const response = await asAdmin('post', '/api/admin/users', { ...twin, username: user.username.toUpperCase() }).expect(409);
    expect(response.body.message).toBe(`The username ${user.username} is already taken`);
    const invalid = await asAdmin('post', '/api/admin/users', { ...twin, username: 'two words' }).expect(400);
    expect(invalid.body.fieldErrors).toHaveProperty('username');
  });

  it('searches by name, username and department, ignoring case and treating % and _ as text', async () => {
    const byDepartment = await peopleFound('sales coe');
    expect(byDepartment.map((user) => user.username)).toEqual(['kenji', 'viewer']);
    const byName = await peopleFound('MORGAN');
    expect(byName.map((user) => user.username)).toContain('member');
    expect(await peopleFound('%')).toEqual([]);
    expect(await peopleFound('_')).toEqual([]);
  });

  it('edits name, department, role and capabilities with the version, and logs only what changed', async () => {
    const { user } = await createPerson();
    const departments = ZDepartmentSchema.array().parse((await asAdmin('get', '/api/departments').expect(200)).body);
    const design = departments.find((department) => department.name === 'Design')!;
    const edited = ZAdminUserSchema.parse(
      (await asAdmin('patch', `/api/admin/users/${user.id}`, { version: user.version, departmentId: design.id, role: 'read_only', name: user.name }).expect(200)).body,
    );
    expect(edited).toMatchObject({ department: 'Design', role: 'read_only', version: user.version + 1 });

    const stale = await asAdmin('patch', `/api/admin/users/${user.id}`, { version: user.version, name: 'Late' }).expect(409);
    expect(stale.body.conflict).toMatchObject({ entity: 'user', id: user.id, updatedBy: { name: 'Avery Admin' } });

    const [entry] = await audit(`?personId=${user.id}`);
    expect(entry).toMatchObject({
      action: 'user.updated',
      actor: { name: 'Avery Admin' },
      subjectUser: { id: user.id },
      before: { department: 'Marketing', role: 'user' },
      after: { department: 'Design', role: 'read_only' },
    });
  });

  it('never removes the last active holder of settings, nor lets anyone deactivate themselves', async () => {
    const me = (await peopleFound('admin')).find((user) => user.username === 'admin')!;
    const removing = await asAdmin('patch', `/api/admin/users/${me.id}`, { version: me.version, capabilities: ['manage_structure'] }).expect(409);
    expect(removing.body.message).toMatch(/give the settings capability to someone else first/);
    const self = await asAdmin('post', `/api/admin/users/${me.id}/deactivate`).expect(409);
    expect(self.body.message).toBe('You cannot deactivate your own account');

    // With a second holder, the first may give it up.
    const { user: deputy } = await createPerson({ capabilities: ['settings'] });
    await asAdmin('post', `/api/admin/users/${deputy.id}/deactivate`).expect(200);
    await asAdmin('patch', `/api/admin/users/${me.id}`, { version: me.version, capabilities: ['manage_structure'] }).expect(409);
  });

  it('keeps one holder of settings when two holders remove each other at the same moment', async () => {
    const { user: deputy, temporaryPassword } = await createPerson({ capabilities: ['settings'] });
    const deputyCookie = await signInForGood(deputy.username, temporaryPassword);
    const person = async (id: number) => (await peopleFound('')).find((user) => user.id === id)!;
    const holders = async () => (await app.orm.em.fork().find(User, { active: true, capabilities: { $contains: ['settings'] } }, { orderBy: { id: 'asc' } })).map((user) => user.id);
    const meId = (await peopleFound('admin')).find((user) => user.username === 'admin')!.id;
    expect(await holders()).toEqual([meId, deputy.id]);
    // Each other's capability, then each other's account: without a lock both counted the other and both went through.
    const races = [
      (cookie: string, target: TAdminUser) => app.http().patch(`/api/admin/users/${target.id}`).set('Cookie', cookie).send({ version: target.version, capabilities: [] }),
      (cookie: string, target: TAdminUser) => app.http().post(`/api/admin/users/${target.id}/deactivate`).set('Cookie', cookie),
    ];
    for (const race of races) {
      const [mine, deputys] = [await person(meId), await person(deputy.id)];
      const [byMe, byDeputy] = await Promise.all([race(admin, deputys), race(deputyCookie, mine)]);

      // One goes through. The other is refused by the rule (409) or, when the winner committed before
      // it was even authorised, because its caller no longer holds settings (403) or is signed out (401).
      const [won, lost] = byMe.status === 200 ? [byMe, byDeputy] : [byDeputy, byMe];
      expect(won.status).toBe(200);
      expect([401, 403, 409]).toContain(lost.status);
      expect(await holders()).toEqual([won === byMe ? meId : deputy.id]);
      if (lost.status === 409) expect(lost.body.message).toMatch(/give the settings capability to someone else first/);

      // Back to two holders for the next race, through whoever still holds settings.
      const [survivor, loser] = byMe.status === 200 ? [admin, deputy.id] : [deputyCookie, meId];
      const { version } = ZAdminUserSchema.parse((await app.http().post(`/api/admin/users/${loser}/reactivate`).set('Cookie', survivor).expect(200)).body);
      await app.http().patch(`/api/admin/users/${loser}`).set('Cookie', survivor).send({ version, capabilities: ['settings'] }).expect(200);
      // A deactivation ended the loser's sessions.
      if (loser === meId) admin = await app.login('admin');
    }
  });

  it('resets a password: a new temporary one, and every session of the person ends', async () => {
    const { user, temporaryPassword } = await createPerson();
    const cookie = await signInForGood(user.username, temporaryPassword);
    const reset = ZTemporaryPasswordResponseSchema.parse((await asAdmin('post', `/api/admin/users/${user.id}/password`).expect(200)).body);
    expect(reset.temporaryPassword).not.toBe(temporaryPassword);
    expect(reset.user.passwordChangeRequired).toBe(true);
    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
    await app.http().post('/api/auth/login').send({ username: user.username, password: DEMO_PASSWORD }).expect(401);
    await app.login(user.username, reset.temporaryPassword);
  });
});

describe('deactivation', () => {
  it("closes the person's socket, ends their sessions, and keeps what they own, marked inactive", async () => {
    const { user, temporaryPassword } = await createPerson();
    const cookie = await signInForGood(user.username, temporaryPassword);
    const v2mom = await fx.v2mom(user.username);
    const socket = await connectClient(url, cookie, { reconnection: false });
    const gone = disconnected(socket);

    // supertest sends on `then`; the answer is awaited after the socket is gone.
    const answer = asAdmin('post', `/api/admin/users/${user.id}/deactivate`).expect(200).then((response) => response);
    await gone;
    expect(ZAdminUserSchema.parse((await answer).body).active).toBe(false);

    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(401);
    const refused = await app.http().post('/api/auth/login').send({ username: user.username, password: DEMO_PASSWORD }).expect(401);
    expect(refused.body.message).toMatch(/deactivated/);
    const people = ZUserPageSchema.parse((await asAdmin('get', `/api/users/search?ids=${user.id}`).expect(200)).body).rows;
    expect(people[0]).toMatchObject({ id: user.id, active: false });
    // Every read names them as the owner still, saying they are inactive, so screens show 'Name (inactive)'.
    const owned = ZV2momCompleteSchema.parse((await asAdmin('get', `/api/v2moms/${v2mom.id}/complete`).expect(200)).body);
    expect(owned.owner).toMatchObject({ id: user.id, active: false });
    expect(owned.methods[0]?.owner).toMatchObject({ id: user.id, active: false });
    const methods = ZMethodPageSchema.parse((await asAdmin('get', `${API_ENDPOINTS.listMethodPage.path}?v2momId=${v2mom.id}`).expect(200)).body).rows;
    expect(methods[0]?.owner).toMatchObject({ id: user.id, active: false });

    const [entry] = await audit(`?personId=${user.id}`);
    expect(entry).toMatchObject({ action: 'user.deactivated', before: { active: true }, after: { active: false } });

    await asAdmin('post', `/api/admin/users/${user.id}/reactivate`).expect(200);
    await app.login(user.username, DEMO_PASSWORD);
  });

  it("closes the person's sockets when their role changes, and not when only their name does", async () => {
    const { user, temporaryPassword } = await createPerson();
    const cookie = await signInForGood(user.username, temporaryPassword);
    const socket = await connectClient(url, cookie, { reconnection: false });
    const gone = disconnected(socket);
    // The password change made a new version of the account.
    const { version } = await fx.account(user.username);
    const renamed = ZAdminUserSchema.parse((await asAdmin('patch', `/api/admin/users/${user.id}`, { version, name: 'Renamed Person' }).expect(200)).body);
    expect(socket.connected).toBe(true);
    await asAdmin('patch', `/api/admin/users/${user.id}`, { version: renamed.version, role: 'read_only' }).expect(200);
    expect(await gone).toBe('io server disconnect');
  });
});

describe('departments', () => {
  it('creates, refuses a name taken in another case, renames live for everyone, and deletes only when unused', async () => {
    const member = await app.login('member');
    const watcher = await connectClient(url, member, { reconnection: false });
    const events = new EventLog(watcher, LIVE_EVENTS.entityChanged);

    const department = ZDepartmentSchema.parse((await asAdmin('post', '/api/admin/departments', { name: 'Research' }).expect(201)).body);
    await events.next((event) => event.entity === 'department' && event.operation === 'created' && event.id === department.id);
    await asAdmin('post', '/api/admin/departments', { name: 'research' }).expect(409);

    const marketing = ZDepartmentSchema.array().parse((await asAdmin('get', '/api/departments').expect(200)).body).find((row) => row.name === 'Marketing')!;
    const renamed = ZDepartmentSchema.parse((await asAdmin('patch', `/api/admin/departments/${marketing.id}`, { name: 'Growth Marketing', version: marketing.version }).expect(200)).body);
    const event = await events.next((change) => change.entity === 'department' && change.operation === 'updated');
    expect(event).toMatchObject({ id: marketing.id, row: { name: 'Growth Marketing' }, actor: { name: 'Avery Admin' } });
    expect(ZUserSchema.parse((await app.http().get('/api/auth/user').set('Cookie', member).expect(200)).body).department).toBe('Growth Marketing');
    await asAdmin('patch', `/api/admin/departments/${marketing.id}`, { name: 'Late', version: marketing.version }).expect(409);

    const inUse = await asAdmin('delete', `/api/admin/departments/${marketing.id}`).expect(409);
    expect(inUse.body.message).toMatch(/^Growth Marketing cannot be deleted while people belong to it \(.+\)\. Move them to another department first\.$/);
    await asAdmin('delete', `/api/admin/departments/${department.id}?version=${department.version}`).expect(200);
    await events.next((change) => change.entity === 'department' && change.operation === 'deleted' && change.id === department.id);

    await asAdmin('patch', `/api/admin/departments/${marketing.id}`, { name: 'Marketing', version: renamed.version }).expect(200);
    watcher.disconnect();
  });
});

describe('the audit log', () => {
  it('lists newest first, filters by person, and records a sign-in failure burst once', async () => {
    const { user } = await createPerson();
    for (let attempt = 0; attempt < FAILURES_PER_PAIR + 2; attempt++) {
      await app.http().post('/api/auth/login').send({ username: user.username, password: `guess-${attempt}` });
    }
    const mine = await audit(`?personId=${user.id}`);
    expect(mine.map((entry) => entry.action)).toEqual(['sign_in.failure_burst', 'user.created']);
    expect(mine[0]).toMatchObject({ actor: null, subject: `username ${user.username} from ${mine[0]?.after?.['address'] as string}` });
    const all = await audit('?limit=3');
    expect(all).toHaveLength(3);
    expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('is for settings holders only', async () => {
    const lead = await app.login('lead');
    await app.http().get('/api/admin/audit').set('Cookie', lead).expect(403);
  });
});
