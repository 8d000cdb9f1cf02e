import { ZAdminUserSchema, ZAuditListSchema, ZTemporaryPasswordResponseSchema, type TAdminUser } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let departmentId: number;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member']);
  departmentId = (await as('admin').get('/api/admin/users?q=member').expect(200)).body.rows[0].departmentId;
});
afterAll(() => app.stop());

let created = 0;
async function createPerson(managerId: number | null = null): Promise<TAdminUser> {
  const body = { username: `report-${++created}`, name: `Report ${created}`, departmentId, role: 'user', managerId };
  return ZTemporaryPasswordResponseSchema.parse((await as('admin').post('/api/admin/users', body).expect(201)).body).user;
}

const setManager = (person: TAdminUser, managerId: number | null) => as('admin').patch(`/api/admin/users/${person.id}`, { version: person.version, managerId });

describe("a person's manager", () => {
  it('is set on creation, changed and taken away with the version, each change in the audit log', async () => {
    const boss = await createPerson();
    const report = await createPerson(boss.id);
    expect(report.manager).toEqual({ id: boss.id, name: boss.name, active: true, department: boss.department });
    const other = await createPerson();
    const moved = ZAdminUserSchema.parse((await setManager(report, other.id).expect(200)).body);
    expect(moved.manager?.name).toBe(other.name);
    const [entry] = ZAuditListSchema.parse((await as('admin').get(`/api/admin/audit?personId=${report.id}&limit=1`).expect(200)).body);
    expect(entry).toMatchObject({ action: 'user.updated', before: { manager: `${boss.name} (${boss.username})` }, after: { manager: `${other.name} (${other.username})` } });
    expect(ZAdminUserSchema.parse((await setManager(moved, null).expect(200)).body).manager).toBeNull();
  });

  it('refuses oneself and anyone the person manages, directly or through others, with a 400 naming the field', async () => {
    const top = await createPerson();
    const middle = await createPerson(top.id);
    const bottom = await createPerson(middle.id);
    const self = await setManager(top, top.id).expect(400);
    expect(self.body).toMatchObject({ message: 'A person cannot be their own manager', fieldErrors: { managerId: ['A person cannot be their own manager'] } });
    const cycle = await setManager(top, bottom.id).expect(400);
    expect(cycle.body.message).toBe(`${bottom.name} reports to ${top.name}, directly or through others: a person cannot be managed by someone they manage`);
    await setManager(top, middle.id).expect(400);
    const [row] = (await as('admin').get(`/api/admin/users?q=${top.username}`).expect(200)).body.rows;
    expect(row.manager).toBeNull();
  });

  it('of two crossing changes at once (each the other’s manager) one lands and the other is refused: they never close a loop', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = [await createPerson(), await createPerson()];
      const answers = await Promise.all([setManager(first, second.id), setManager(second, first.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    }
  });

  it('refuses a deactivated person or an unknown id, and is for settings holders only', async () => {
    const gone = await createPerson();
    await as('admin').post(`/api/admin/users/${gone.id}/deactivate`).expect(200);
    const report = await createPerson();
    expect((await setManager(report, gone.id).expect(400)).body.message).toBe(`${gone.name} is deactivated: choose an active person as manager`);
    expect((await setManager(report, 999_999).expect(400)).body.message).toBe('No such user');
    await as('member').patch(`/api/admin/users/${report.id}`, { version: report.version, managerId: null }).expect(403);
  });
});
