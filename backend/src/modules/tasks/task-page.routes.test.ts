import {
  CURSOR_MESSAGE,
  TASK_SORTS,
  taskMatches,
  taskSortKey,
  ZErrorBodySchema,
  ZTaskCountSchema,
  ZTaskListSchema,
  ZTaskPageSchema,
  type TSortDirection,
  type TTask,
  type TTaskFilter,
  type TTaskSort,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInListOrder, readEveryPage } from '../../test/paged-list.js';
import { planOf } from '../../test/query-plan.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';
import { filteredTasks } from './task-page.read.js';

let app: TestApp;
let viewer = '';
const everyTask: TTask[] = [];
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  viewer = await app.login('viewer');
  // Every user's own list, together, is every task.
  const users = await app.orm.em.fork().find(User, {}, { fields: ['id'] });
  for (const user of users) {
    everyTask.push(...ZTaskListSchema.parse((await app.http().get(`/api/tasks/user/${user.id}`).set('Cookie', viewer).expect(200)).body));
  }
});
afterAll(() => app.stop());

type Query = Record<string, string | number>;

const everyPage = (query: Query, limit = 4) => readEveryPage(app, { path: '/api/tasks', cookie: viewer, schema: ZTaskPageSchema }, query, limit);

const ids = (rows: readonly TTask[]) => rows.map((row) => row.id).sort((a, b) => a - b);

/** A filter as query parameters: statuses as one comma list. */
const params = ({ status, ...rest }: TTaskFilter): Query => ({ ...(rest as Query), ...(status ? { status: status.join(',') } : {}) });

describe('GET /api/tasks', () => {
  it('starts with the newest task', async () => {
    expect(everyTask.length).toBeGreaterThan(8);
    const [first] = ZTaskPageSchema.parse((await app.http().get('/api/tasks').set('Cookie', viewer).expect(200)).body).rows;
    expect(first?.id).toBe(Math.max(...everyTask.map((task) => task.id)));
  });

  it.each(TASK_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const)))(
    'pages through every task once, sorted by %s %s as contracts order them',
    async (sort: TTaskSort, dir: TSortDirection) => {
      const rows = await everyPage({ sort, dir });
      expect(ids(rows)).toEqual(ids(everyTask));
      const keyed = rows.map((row) => ({ key: taskSortKey(row, sort), id: row.id }));
      expectInListOrder(keyed, dir);
    },
  );

  it('holds the rows contracts say a filter holds, in full list shape', async () => {
    const someone = everyTask.find((task) => task.method !== null)!;
    const filters: TTaskFilter[] = [
      { q: someone.title.toUpperCase() },
      { q: someone.owner.name.split(' ')[0] },
      { q: someone.method!.description.split(' ').slice(0, 2).join(' ') },
      { q: 'in progress' },
      { status: ['in_progress'] },
      { status: ['completed', 'at_risk'] },
      { ownerId: someone.ownerId },
      { department: someone.owner.department },
      { department: someone.owner.department, status: [someone.status], q: someone.title },
      { department: 'No such department' },
      { q: 'no task says this' },
    ];
    for (const filter of filters) {
      const expected = everyTask.filter((task) => taskMatches(task, filter));
      const rows = await everyPage(params(filter));
      expect(ids(rows), JSON.stringify(filter)).toEqual(ids(expected));
      expect(rows).toEqual(expect.arrayContaining(expected));
      const counted = await app.http().get('/api/tasks/count').query(params(filter)).set('Cookie', viewer).expect(200);
      expect(ZTaskCountSchema.parse(counted.body), JSON.stringify(filter)).toEqual({ count: expected.length });
    }
    expect(everyTask.filter((task) => taskMatches(task, { status: ['completed', 'at_risk'] })).length).toBeGreaterThan(0);
  });

  it('refuses what it cannot read with a 400 that says why', async () => {
    for (const [query, words] of [
      [{ sort: 'password' }, 'sort'],
      [{ dir: 'sideways' }, 'dir'],
      [{ limit: '0' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, CURSOR_MESSAGE],
      [{ status: 'done' }, 'status'],
      [{ status: '' }, 'status'],
      [{ ownerId: 'abc' }, 'ownerId'],
    ] as const) {
      const response = await app.http().get('/api/tasks').query(query).set('Cookie', viewer).expect(400);
      expect(JSON.stringify(ZErrorBodySchema.parse(response.body)), JSON.stringify(query)).toContain(words);
    }
    for (const query of [{ status: 'done' }, { ownerId: 'abc' }]) {
      await app.http().get('/api/tasks/count').query(query).set('Cookie', viewer).expect(400);
    }
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/tasks').expect(401);
    await app.http().get('/api/tasks/count').expect(401);
  });
});

describe("a department's tasks, as a reader who does not read every V2MOM", () => {
  // Team Status on a company: the department's people's tasks by `task_owner_id_index`, the methods
  // hidden from the reader taken off by one anti-join. As a `not in`, PostgreSQL charged hashing
  // those methods to every person's look-up and read every task in the company instead.
  it('takes the hidden methods off once, as an anti-join', async () => {
    const plan = await planOf(app.orm, (db) => filteredTasks(db, { department: 'Sales COE' }, { id: 1, capabilities: [] }), ['seqscan']);
    expect(plan).toContain('Anti Join');
  });
});
