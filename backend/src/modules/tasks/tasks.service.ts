import type { EntityManager } from '@mikro-orm/core';
import { canManageTasks, canUpdateTask, type TCreateTask, type TTask, type TTaskCount, type TTaskFilter, type TTaskPage, type TTaskPageQuery, type TUpdateTask } from '@v2mom/contracts';
import { Method } from '../methods/method.entity.js';
import { changeSet, deletedChange, rowChange, type ChangeSet, type EntityChange, type Written } from '../shared/change-set.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { lockedRow, mergeWrite } from '../shared/merge.js';
import { departmentsOf, invalidReference, referencedUser } from '../shared/references.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';
import { Task } from './task.entity.js';
import { countTasks, readTaskPage } from './task-page.read.js';
import { readTasks } from './task.read.js';

/** Saving a task runs the flush's steps (../write-effects.ts): its change log and its new owner's notification. */

const TASK_FORBIDDEN = {
  create: "You don't have permission to create tasks",
  update: 'Only the task owner or a task manager can update this task',
  delete: "You don't have permission to delete tasks",
} as const;

/** The page of tasks `query` asks for, of those `viewer` reads (docs/PRODUCT.md#paged-lists). */
export function listTaskPage(em: EntityManager, query: TTaskPageQuery, viewer: Viewer): Promise<TTaskPage> {
  return readTaskPage(em, query, viewer);
}

/** How many tasks `filter` holds of those `viewer` reads (docs/PRODUCT.md#paged-lists). */
export function countTaskList(em: EntityManager, filter: TTaskFilter, viewer: Viewer): Promise<TTaskCount> {
  return countTasks(em, filter, viewer);
}

/** One user's tasks that `viewer` reads, newest first: My Tasks shows them all. */
export async function listUserTasks(em: EntityManager, userId: number, viewer: Viewer): Promise<TTask[]> {
  found(await em.findOne(User, userId, { fields: ['id'] }), 'User');
  return readTasks(em, { ownerId: userId, viewer });
}

/** The V2MOM a task shows on, through its method; the method must be loaded. */
function taskV2momId(task: Task): number | null {
  return task.method?.getEntity().v2mom.id ?? null;
}

function taskChangeSet(task: Task, change: EntityChange): ChangeSet {
  return changeSet([change], departmentsOf(task.owner.getEntity()));
}

/** Re-reads what the response and the event show, after the flush; the change set needs the method and owner loaded. */
async function written(em: EntityManager, task: Task, operation: 'created' | 'updated'): Promise<Written<TTask>> {
  await em.populate(task, ['method', 'owner.department']);
  const [read] = await readTasks(em, { id: task.id });
  const result = found(read, 'Task');
  return { result, changeSet: taskChangeSet(task, rowChange('task', result, operation, taskV2momId(task))) };
}

/** The Create New Task dialog: manage_tasks only; a new task starts not started. */
export async function createTask(em: EntityManager, actor: SignedInUser, body: TCreateTask): Promise<Written<TTask>> {
  authorize(canManageTasks(actorOf(actor)), TASK_FORBIDDEN.create);
  const owner = await referencedUser(em, body.ownerId, 'ownerId');
  const method = body.methodId == null ? null : await em.findOne(Method, body.methodId);
  if (body.methodId != null && !method) throw invalidReference('methodId', 'No such method');
  const task = em.create(Task, {
    title: body.title,
    description: body.description,
    owner,
    method,
    status: 'not_started',
    updatedBy: em.getReference(User, actor.id, { wrapped: true }),
  });
  await em.flush();
  return written(em, task, 'created');
}

/** New updates text and/or status: the task's owner, or manage_tasks. */
export function updateTask(em: EntityManager, actor: SignedInUser, id: number, body: TUpdateTask): Promise<Written<TTask>> {
  return em.transactional(async (tx) => {
    const task = await lockedRow(tx, Task, id, 'Task');
    authorize(canUpdateTask(actorOf(actor), { ownerId: task.owner.id }), TASK_FORBIDDEN.update);
    const fields = await mergeWrite(tx, 'task', task, body);
    tx.assign(task, fields, { ignoreUndefined: true });
    await tx.flush();
    return written(tx, task, 'updated');
  });
}

/** Locks the row first: of two deletes at once, the second finds it gone (404). */
export function deleteTask(em: EntityManager, actor: SignedInUser, id: number, expectedVersion?: number): Promise<ChangeSet> {
  return em.transactional(async (tx) => {
    const task = await lockedRow(tx, Task, id, 'Task');
    await tx.populate(task, ['method', 'owner.department']);
    authorize(canManageTasks(actorOf(actor)), TASK_FORBIDDEN.delete);
    if (expectedVersion !== undefined) await assertVersion('task', task, expectedVersion);
    const changes = taskChangeSet(task, deletedChange('task', task, taskV2momId(task)));
    tx.remove(task);
    await tx.flush();
    return changes;
  });
}
