import { ZObstaclePageSchema, ZTaskPageSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures.js';
import { planOf } from '../../test/query-plan.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Method } from '../methods/method.entity.js';
import { filteredObstacles } from '../obstacles/obstacle-page.read.js';
import { filteredTasks } from '../tasks/task-page.read.js';

let app: TestApp;
let admin = '';
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  admin = await app.login('admin');
});
afterAll(() => app.stop());

const searchPlan = (query: Parameters<typeof planOf>[1]) => planOf(app.orm, query, ['seqscan', 'indexscan']);

describe('searching obstacles and tasks by words, as on a company', () => {
  // The indexes hold the very expressions the searches write (db/search.ts): were they to drift
  // apart, PostgreSQL could only read every row, and the plan would say so.
  it('finds an obstacle from the trigram indexes of obstacles, V2MOM titles, names and methods', async () => {
    const plan = await searchPlan((db) => filteredObstacles(db, { q: 'pricing' }));
    for (const index of ['obstacle_description_search_index', 'v2mom_title_search_index', 'user_name_search_index', 'method_text_search_index']) expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan on obstacle ');
  });

  it('finds a task from the trigram indexes of tasks, names and methods', async () => {
    // As a reader who does not read every V2MOM, whose tasks leave out those of the methods hidden from them.
    const plan = await searchPlan((db) => filteredTasks(db, { q: 'pricing' }, { id: 1, capabilities: [] }));
    for (const index of ['task_text_search_index', 'user_name_search_index', 'method_text_search_index']) expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan on task ');
  });
});

describe('what a search looks in through a linked method', () => {
  // A method is found from its whole text's index (description and measures), but only its
  // description is in an obstacle's or a task's search text (contracts' obstacleSearchText, taskSearchText).
  it("matches the method's description, not its measures", async () => {
    const v2mom = await fixtures(app.orm).v2mom('member');
    const task = await fixtures(app.orm).task('member', v2mom.method.id);
    await app.orm.em.fork().nativeUpdate(Method, { id: v2mom.method.id }, { description: 'Zephyrine rollout', measure: 'Quokkaland signups' });
    const obstacles = async (q: string) =>
      ZObstaclePageSchema.parse((await app.http().get('/api/obstacles').query({ q, limit: 200 }).set('Cookie', admin).expect(200)).body).rows.map((row) => row.id);
    const tasks = async (q: string) => ZTaskPageSchema.parse((await app.http().get('/api/tasks').query({ q, limit: 200 }).set('Cookie', admin).expect(200)).body).rows.map((row) => row.id);

    expect(await obstacles('zephyrine')).toEqual([v2mom.obstacle.id]);
    expect(await obstacles('quokkaland')).toEqual([]);
    expect(await tasks('zephyrine')).toEqual([task.id]);
    expect(await tasks('quokkaland')).toEqual([]);
  });
});
