import { DEMO_DEPARTMENTS, LIVE_EVENTS, ZAuditListSchema, ZDepartmentListSchema, ZDepartmentSchema, ZErrorBodySchema, type TDepartment } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { connectClient, EventLog, listen } from '../../test/live-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  as = await signIn(app, ['viewer', 'admin']);
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

  it("goes gzip-encoded to a client that accepts it once it outgrows 1 KB, as an organisation's list does", async () => {
    const plain = await as('viewer').get('/api/departments').set('Accept-Encoding', 'identity').expect(200);
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
    const zipped = await as('viewer').get('/api/departments').set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(ZDepartmentListSchema.parse(zipped.body)).toEqual(ZDepartmentListSchema.parse(plain.body));
  });
});

describe('parents and heads', () => {
  let made = 0;
  const admin = () => as('admin');

  async function create(body: Record<string, unknown> = {}): Promise<TDepartment> {
    return ZDepartmentSchema.parse((await admin().post('/api/admin/departments', { name: `Structure ${++made}`, ...body }).expect(201)).body);
  }

  async function listed(id: number): Promise<TDepartment | undefined> {
    return ZDepartmentListSchema.parse((await as('viewer').get('/api/departments').expect(200)).body).find((row) => row.id === id);
  }

  /** A 400's message, checked to name `field` in its fieldErrors. */
  function refusal(body: unknown, field: string): string {
    const error = ZErrorBodySchema.parse(body);
    expect(error.fieldErrors?.[field]).toEqual([error.message]);
    return error.message;
  }

  it('creates a team of a department with a head, and lists both', async () => {
    const leadId = await fx.userId('lead');
    const top = await create({ headId: leadId });
    const team = await create({ parentId: top.id });
    expect(top).toMatchObject({ parentId: null, head: { id: leadId, name: 'Logan Lee', department: 'AI GTM', active: true } });
    expect(team).toMatchObject({ parentId: top.id, head: null });
    expect(await listed(team.id)).toEqual(team);
    expect(await listed(top.id)).toEqual(top);
  });

  it('moves a department, changes its head live for everyone, logs the edit, and refuses a stale version', async () => {
    const watcher = await connectClient(await listen(app.server), await app.login('member'), { reconnection: false });
    const events = new EventLog(watcher, LIVE_EVENTS.entityChanged);
    const [top, team] = [await create(), await create()];
    const memberId = await fx.userId('member');

    const moved = ZDepartmentSchema.parse(
      (await admin().patch(`/api/admin/departments/${team.id}`, { parentId: top.id, headId: memberId, version: team.version }).expect(200)).body,
    );
    expect(moved).toMatchObject({ name: team.name, parentId: top.id, head: { id: memberId, name: 'Morgan Diaz' }, version: team.version + 1 });
    const event = await events.next((change) => change.entity === 'department' && change.operation === 'updated' && change.id === team.id);
    expect(event).toMatchObject({ row: { parentId: top.id, head: { id: memberId } } });
    watcher.disconnect();

    const [entry] = ZAuditListSchema.parse((await admin().get('/api/admin/audit?limit=1').expect(200)).body);
    expect(entry).toMatchObject({
      action: 'department.updated',
      subject: team.name,
      before: { parent: null, head: null },
      after: { parent: top.name, head: 'Morgan Diaz (member)' },
    });

    await admin().patch(`/api/admin/departments/${team.id}`, { parentId: null, version: team.version }).expect(409);
    const back = ZDepartmentSchema.parse((await admin().patch(`/api/admin/departments/${team.id}`, { parentId: null, headId: null, version: moved.version }).expect(200)).body);
    expect(back).toMatchObject({ parentId: null, head: null });
  });

  it('refuses a department as its own parent and any cycle, naming parentId', async () => {
    const top = await create();
    const team = await create({ parentId: top.id });
    const subTeam = await create({ parentId: team.id });

    const self = await admin().patch(`/api/admin/departments/${top.id}`, { parentId: top.id, version: top.version }).expect(400);
    expect(refusal(self.body, 'parentId')).toBe('A department cannot be a team of itself');

    const direct = await admin().patch(`/api/admin/departments/${top.id}`, { parentId: team.id, version: top.version }).expect(400);
    expect(refusal(direct.body, 'parentId')).toBe(`${team.name} is a team of ${top.name}, directly or through others: a department cannot be a team of one of its own teams`);

    const through = await admin().patch(`/api/admin/departments/${top.id}`, { parentId: subTeam.id, version: top.version }).expect(400);
    expect(refusal(through.body, 'parentId')).toMatch(new RegExp(`^${subTeam.name} is a team of ${top.name}`));

    const missing = await admin().post('/api/admin/departments', { name: `Structure ${++made}`, parentId: 2_000_000_000 }).expect(400);
    expect(refusal(missing.body, 'parentId')).toBe('No such department');
    expect((await listed(top.id))?.parentId).toBeNull();
  });

  it('of two crossing moves at once (each under the other) one lands and the other is refused: they never close a loop', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = [await create(), await create()];
      const answers = await Promise.all([
        admin().patch(`/api/admin/departments/${first.id}`, { parentId: second.id, version: first.version }),
        admin().patch(`/api/admin/departments/${second.id}`, { parentId: first.id, version: second.version }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    }
  });

  it('refuses a deactivated or unknown person as head, naming headId, and writes nothing', async () => {
    const department = await create();
    const { user } = (await admin().post('/api/admin/users', { username: `structure-head-${++made}`, name: 'Gone Head', departmentId: department.id, role: 'user' }).expect(201)).body;
    await admin().post(`/api/admin/users/${user.id}/deactivate`).expect(200);

    const inactive = await admin().patch(`/api/admin/departments/${department.id}`, { name: 'Never written', headId: user.id, version: department.version }).expect(400);
    expect(refusal(inactive.body, 'headId')).toBe('Gone Head is deactivated: choose an active person as head');
    const unknown = await admin().post('/api/admin/departments', { name: `Structure ${++made}`, headId: 2_000_000_000 }).expect(400);
    expect(refusal(unknown.body, 'headId')).toBe('No such user');
    expect(await listed(department.id)).toEqual(department);
  });

  it('refuses to delete a department with teams, naming up to three of them', async () => {
    const top = await create();
    const teams = [await create({ parentId: top.id }), await create({ parentId: top.id }), await create({ parentId: top.id }), await create({ parentId: top.id })];
    const refused = await admin().delete(`/api/admin/departments/${top.id}`).expect(409);
    const named = teams.map((team) => team.name).sort().slice(0, 3).join(', ');
    expect(refused.body.message).toBe(`${top.name} cannot be deleted while it has teams (${named} and 1 more). Move them under another department first.`);

    for (const team of teams) await admin().delete(`/api/admin/departments/${team.id}`).expect(200);
    await admin().delete(`/api/admin/departments/${top.id}`).expect(200);
  });
});
