import { ZConflictBodySchema, ZErrorBodySchema, ZTaskListSchema, ZTaskPageSchema, ZTaskSchema, type TTask } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  for (const username of ['admin', 'lead', 'member', 'viewer']) cookies[username] = await app.login(username);
});
afterAll(() => app.stop());

const as = (username: string) => cookies[username] ?? '';

async function allTasks(): Promise<TTask[]> {
  return ZTaskPageSchema.parse((await app.http().get('/api/tasks?limit=200').set('Cookie', as('viewer')).expect(200)).body).rows;
}

async function taskTitled(title: string): Promise<TTask> {
  const task = (await allTasks()).find((t) => t.title === title);
  if (!task) throw new Error(`No demo task '${title}'`);
  return task;
}

describe('GET /api/tasks', () => {
  it('lists every task, newest first, with method and owner', async () => {
    const tasks = await allTasks();
    expect(tasks.length).toBeGreaterThan(15);
    const createdAt = tasks.map((t) => t.createdAt);
    expect(createdAt).toEqual(createdAt.toSorted().reverse());
    expect(tasks.find((t) => t.title === 'Line up January webinar speaker')).toMatchObject({
      owner: { name: 'Morgan Diaz', department: 'Marketing' },
      method: { description: 'Run a monthly customer-led webinar series' },
    });
    expect(tasks.find((t) => t.title === 'Update the org chart')).toMatchObject({ methodId: null, method: null });
  });
});

describe('GET /api/tasks/user/{userId}', () => {
  it("lists one user's tasks", async () => {
    const { ownerId } = await taskTitled('Export legacy OKR history');
    const response = await app.http().get(`/api/tasks/user/${ownerId}`).set('Cookie', as('viewer')).expect(200);
    const tasks = ZTaskListSchema.parse(response.body);
    expect(tasks.map((t) => t.title)).toEqual([
      'Draft metric definitions for bookings',
      'Prepare vendor negotiation briefs',
      'Onboard top 50 vendors to procurement',
      'Export legacy OKR history',
      'Book Q3 business review rooms',
    ]);
    expect(tasks.every((t) => t.ownerId === ownerId)).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    await app.http().get('/api/tasks/user/999999').set('Cookie', as('viewer')).expect(404);
    await app.http().get('/api/tasks/user/abc').set('Cookie', as('viewer')).expect(400);
  });
});

describe('POST /api/tasks', () => {
  it('lets manage_tasks create a task, not started', async () => {
    const { ownerId, methodId } = await taskTitled('Line up January webinar speaker');
    const body = { title: 'Draft speaker brief', description: 'One page\nfor the speaker', ownerId, methodId };
    const response = await app.http().post('/api/tasks').set('Cookie', as('lead')).send(body).expect(201);
    expect(ZTaskSchema.parse(response.body)).toMatchObject({
      ...body,
      status: 'not_started',
      updates: null,
      version: 1,
      owner: { name: 'Morgan Diaz' },
      updatedBy: { name: 'Logan Lee' },
    });
  });

  it('refuses users without manage_tasks', async () => {
    const { ownerId } = await taskTitled('Line up January webinar speaker');
    const response = await app.http().post('/api/tasks').set('Cookie', as('member')).send({ title: 'T', description: 'D', ownerId }).expect(403);
    expect(ZErrorBodySchema.parse(response.body).message).toBe("You don't have permission to create tasks");
  });

  it('answers 400 with the task messages for missing fields, and for unknown owners and methods', async () => {
    const missing = await app.http().post('/api/tasks').set('Cookie', as('lead')).send({}).expect(400);
    expect(missing.body.fieldErrors).toEqual({
      title: ['Title is required'],
      description: ['Description is required'],
      ownerId: ['Owner is required'],
    });
    const owner = await app.http().post('/api/tasks').set('Cookie', as('lead')).send({ title: 'T', description: 'D', ownerId: 999999 }).expect(400);
    expect(owner.body.fieldErrors).toEqual({ ownerId: ['No such user'] });
    const { ownerId } = await taskTitled('Update the org chart');
    const method = await app.http().post('/api/tasks').set('Cookie', as('lead')).send({ title: 'T', description: 'D', ownerId, methodId: 999999 }).expect(400);
    expect(method.body.fieldErrors).toEqual({ methodId: ['No such method'] });
  });
});

describe('PATCH /api/tasks/{taskId}', () => {
  it('lets the owner change updates and status', async () => {
    const task = await taskTitled('Line up January webinar speaker');
    const response = await app.http().patch(`/api/tasks/${task.id}`).set('Cookie', as('member')).send({ version: task.version, updates: 'Speaker confirmed', status: 'completed' }).expect(200);
    expect(ZTaskSchema.parse(response.body)).toMatchObject({ updates: 'Speaker confirmed', status: 'completed', version: task.version + 1 });
  });

  it("refuses someone else's task, and a read-only owner's", async () => {
    const task = await taskTitled('Update the org chart');
    const response = await app.http().patch(`/api/tasks/${task.id}`).set('Cookie', as('member')).send({ version: task.version, status: 'in_progress' }).expect(403);
    expect(response.body.message).toBe('Only the task owner or a task manager can update this task');
    await app.http().patch(`/api/tasks/${task.id}`).set('Cookie', as('viewer')).send({ version: task.version, status: 'in_progress' }).expect(403);
  });

  it('lets manage_tasks update any task, and answers 409 on a stale version', async () => {
    const task = await taskTitled('Update the org chart');
    await app.http().patch(`/api/tasks/${task.id}`).set('Cookie', as('lead')).send({ version: task.version, updates: 'Done' }).expect(200);
    const stale = await app.http().patch(`/api/tasks/${task.id}`).set('Cookie', as('admin')).send({ version: task.version, updates: 'Overwrite' }).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).conflict).toMatchObject({ entity: 'task', updatedBy: { name: 'Logan Lee' } });
    expect((await taskTitled('Update the org chart')).updates).toBe('Done');
  });

  it('answers 400 for an empty change and 404 for an unknown task', async () => {
    const task = await taskTitled('Update the org chart');
    await app.http().patch(`/api/tasks/${task.id}`).set('Cookie', as('admin')).send({ version: task.version }).expect(400);
    await app.http().patch('/api/tasks/999999').set('Cookie', as('admin')).send({ version: 1, status: 'completed' }).expect(404);
  });
});

describe('DELETE /api/tasks/{taskId}', () => {
  it('refuses users without manage_tasks, then lets a task manager delete', async () => {
    const task = await taskTitled('Plan the holiday team lunch');
    const refused = await app.http().delete(`/api/tasks/${task.id}`).set('Cookie', as('member')).expect(403);
    expect(refused.body.message).toBe("You don't have permission to delete tasks");
    const response = await app.http().delete(`/api/tasks/${task.id}`).set('Cookie', as('lead')).expect(200);
    expect(response.body).toEqual({ message: 'Task deleted successfully' });
    expect((await allTasks()).some((t) => t.id === task.id)).toBe(false);
    await app.http().delete(`/api/tasks/${task.id}`).set('Cookie', as('lead')).expect(404);
  });
});
