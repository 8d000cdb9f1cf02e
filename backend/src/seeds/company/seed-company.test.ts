import { DEMO_DEPARTMENTS, fiscalYearOf, WORK_STATUSES } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../modules/read-db.js';
import { DEMO_ACCOUNTS } from '../demo/demo-people.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { planPeople } from './company-people.js';
import { COO_TRACKED_PER_HEAD, DEMO_PEOPLE, PER_V2MOM, type CompanySize } from './company-size.js';
import { Random } from './random.js';
import { CompanyNotEmptyError, seedCompany } from './seed-company.js';

const SIZE: CompanySize = { people: 300, departments: 20 };
const DAY_MS = 86_400_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedCompany(app.orm, { size: SIZE, password: DEMO_PASSWORD, today: app.now() });
});
afterAll(() => app.stop());

const read = <Row>(build: Parameters<typeof selectRows<Row>>[1]) => selectRows<Row>(app.orm.em.fork(), build);

async function count(table: 'department' | 'user' | 'v2mom' | 'value' | 'method' | 'obstacle' | 'measure' | 'task'): Promise<number> {
  const [row] = await read((db) => db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')));
  return Number(row?.n);
}

describe('the company seed', () => {
  it('seeds the people and departments asked for, and a V2MOM a person with its work in proportion', async () => {
    expect(await count('user')).toBe(SIZE.people);
    expect(await count('department')).toBe(SIZE.departments);
    expect(await count('v2mom')).toBe(SIZE.people);
    expect(await count('method')).toBe(SIZE.people * PER_V2MOM.methods);
    expect(await count('value')).toBe(SIZE.people * PER_V2MOM.values);
    expect(await count('obstacle')).toBe(SIZE.people * PER_V2MOM.obstacles);
    expect(await count('measure')).toBe(SIZE.people * PER_V2MOM.measures);
    expect(await count('task')).toBe(SIZE.people * PER_V2MOM.tasks);

    const v2moms = await read((db) => db.selectFrom('v2mom').select(['year', 'owner_id']));
    expect(new Set(v2moms.map((v2mom) => v2mom.year))).toEqual(new Set([fiscalYearOf(app.now())]));
    expect(new Set(v2moms.map((v2mom) => v2mom.owner_id)).size).toBe(SIZE.people);

    const people = await read((db) => db.selectFrom('user').select(['role', 'department_id']));
    expect(new Set(people.map((person) => person.role))).toEqual(new Set(['admin', 'user', 'read_only']));
    expect(new Set(people.map((person) => person.department_id)).size).toBe(SIZE.departments);

    const methods = await read((db) => db.selectFrom('method').select(['status', 'progress', 'for_coo_tracking']));
    expect(new Set(methods.map((method) => method.status))).toEqual(new Set(WORK_STATUSES));
    expect(methods.filter((method) => method.for_coo_tracking).length).toBe(SIZE.departments * COO_TRACKED_PER_HEAD);
    expect(methods.filter((method) => method.status === 'completed').every((method) => method.progress === 100)).toBe(true);
  });

  it('places the departments in a tree, each with a head of its own people, who manages them', async () => {
    const departments = await read((db) =>
      db
        .selectFrom('department as d')
        .innerJoin('user as head', 'head.id', 'd.head_id')
        .leftJoin('department as parent', 'parent.id', 'd.parent_id')
        .select(['d.id', 'd.name', 'd.parent_id', 'd.head_id', 'head.department_id as headDepartment', 'head.manager_id as headManager', 'parent.head_id as parentHead', 'parent.parent_id as grandparent']),
    );
    expect(departments).toHaveLength(SIZE.departments);
    expect(departments.filter((department) => department.headDepartment !== department.id)).toEqual([]);
    // Teams of teams only where the demo has them: none.
    expect(departments.filter((department) => department.grandparent !== null)).toEqual([]);
    const generated = departments.filter((department) => !DEMO_DEPARTMENTS.some((name) => name === department.name));
    expect(generated.filter((department) => department.parent_id === null)).toHaveLength(1);
    expect(generated.filter((department) => department.parent_id !== null)).toHaveLength(SIZE.departments - DEMO_DEPARTMENTS.length - 1);
    expect(departments.filter((department) => department.parent_id !== null && department.headManager !== department.parentHead)).toEqual([]);

    const people = await read((db) =>
      db.selectFrom('user as u').innerJoin('department as d', 'd.id', 'u.department_id').select(['u.id', 'u.username', 'u.manager_id', 'd.head_id']),
    );
    expect(people.filter((person) => person.id !== person.head_id && person.manager_id !== person.head_id)).toEqual([]);
    expect(people.filter((person) => person.manager_id === null).map((person) => person.username)).toEqual(['coo']);
    const lead = people.find((person) => person.username === 'lead');
    expect(people.filter((person) => person.manager_id === lead?.id).length).toBeGreaterThan(3);
  });

  it('gives every method an owner of its V2MOM’s department, or none', async () => {
    const methods = await read((db) =>
      db
        .selectFrom('method as m')
        .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
        .innerJoin('user as v2momOwner', 'v2momOwner.id', 'v.owner_id')
        .leftJoin('user as owner', 'owner.id', 'm.owner_id')
        .select(['m.id', 'owner.department_id as ownerDepartment', 'v2momOwner.department_id as v2momDepartment']),
    );
    const owned = methods.filter((method) => method.ownerDepartment !== null);
    expect(owned.length).toBeGreaterThan(methods.length * 0.9);
    expect(owned.filter((method) => method.ownerDepartment !== method.v2momDepartment)).toEqual([]);
  });

  it('gives a fifth of the methods a year of weekly check-ins by their owners, ending where the method is', async () => {
    const today = app.now().getTime();
    const methods = await read((db) =>
      db.selectFrom('method').select(['id', 'owner_id', 'progress', 'status', 'update', 'update_count', 'last_check_in_at']).where('update_count', '>', 0),
    );
    expect(methods.length).toBe((SIZE.people * PER_V2MOM.methods) / 5);
    const checkIns = await read((db) => db.selectFrom('check_in').select(['method_id', 'author_id', 'at', 'progress', 'status', 'update']).orderBy('at'));
    const byMethod = new Map<number, typeof checkIns>();
    for (const checkIn of checkIns) byMethod.set(checkIn.method_id, [...(byMethod.get(checkIn.method_id) ?? []), checkIn]);
    expect(byMethod.size).toBe(methods.length);
    for (const method of methods) {
      const history = byMethod.get(method.id) ?? [];
      // Rows read this way carry times as PostgreSQL writes them.
      const times = history.map((checkIn) => (checkIn.at === null ? Number.NaN : new Date(checkIn.at).getTime()));
      expect(history.length).toBe(method.update_count);
      expect(history.length).toBeGreaterThan(40);
      expect(history.every((checkIn) => checkIn.author_id === method.owner_id)).toBe(true);
      expect(times[0]).toBeGreaterThan(today - 365 * DAY_MS);
      expect(times.at(-1)).toBeLessThanOrEqual(today);
      expect(times.slice(1).map((time, index) => time - (times[index] ?? 0))).toEqual(times.slice(1).map(() => 7 * DAY_MS));
      expect(times.at(-1)).toBe(method.last_check_in_at && new Date(method.last_check_in_at).getTime());
      expect(history.at(-1)).toMatchObject({ progress: method.progress, status: method.status, update: method.update });
    }
  });

  it('aligns every V2MOM to its department head’s, departments and teams up to the company’s, the branch roll-up counting every method', async () => {
    const v2moms = await read((db) => db.selectFrom('v2mom').select(['id', 'level', 'parent_id', 'department_id']));
    const [company, ...others] = v2moms.filter((v2mom) => v2mom.level === 'company');
    expect(others).toEqual([]);
    expect(company?.parent_id).toBeNull();
    expect(v2moms.filter((v2mom) => v2mom.parent_id === null)).toHaveLength(1);
    expect(v2moms.filter((v2mom) => v2mom.level === 'department' || v2mom.level === 'team')).toHaveLength(SIZE.departments - 1);
    const byId = new Map(v2moms.map((v2mom) => [v2mom.id, v2mom]));
    const rank = { company: 0, department: 1, team: 2, person: 3 } as const;
    expect(v2moms.filter((v2mom) => v2mom.parent_id !== null && rank[byId.get(v2mom.parent_id)?.level ?? 'person'] >= rank[v2mom.level])).toEqual([]);
    const [tally] = await read((db) =>
      db.selectFrom('branch_tally').select((eb) => eb.fn.sum<string>(eb(eb(eb('not_started', '+', eb.ref('in_progress')), '+', eb.ref('completed')), '+', eb.ref('at_risk'))).as('n')).where('v2mom_id', '=', company?.id ?? 0),
    );
    expect(Number(tally?.n)).toBe(SIZE.people * PER_V2MOM.methods);
    const supporting = await read((db) => db.selectFrom('method').select('id').where('supports_id', 'is not', null));
    expect(supporting.length).toBeGreaterThan(SIZE.people / 3);
  });

  it('leaves the planner statistics of the rows it wrote', async () => {
    const rows = await app.orm.em.fork().getConnection().execute<Array<{ estimate: number }>>("select reltuples as estimate from pg_class where oid = 'method'::regclass");
    expect(rows[0]?.estimate).toBe(SIZE.people * PER_V2MOM.methods);
  });

  it('lets the demo accounts sign in with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) await app.login(account.username);
  });

  it('refuses a database that has people', async () => {
    await expect(seedCompany(app.orm, { size: SIZE, password: DEMO_PASSWORD, today: app.now() })).rejects.toThrow(CompanyNotEmptyError);
    expect(await count('user')).toBe(SIZE.people);
  });

  it('plans the same company from the same seed', () => {
    const plan = () => planPeople(new Random(7), SIZE, DEMO_PEOPLE);
    expect(plan()).toEqual(plan());
    expect(planPeople(new Random(8), SIZE, DEMO_PEOPLE)).not.toEqual(plan());
  });
});
