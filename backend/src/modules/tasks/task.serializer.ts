import type { TTask } from '@v2mom/contracts';
import { auditFields, toUserSummary } from '../shared/audit.serializer.js';
import type { Task } from './task.entity.js';

/** Relations `toTask` reads. */
export const TASK_READ_POPULATE = ['method', 'owner.department', 'updatedBy'] as const;

/** A task with its method and owner, as the Tasks and Team Status screens show it (ZTaskSchema). */
export function toTask(task: Task): TTask {
  const method = task.method?.getEntity();
  const owner = task.owner.getEntity();
  return {
    id: task.id,
    ...auditFields(task),
    title: task.title,
    description: task.description,
    status: task.status,
    updates: task.updates ?? null,
    methodId: method?.id ?? null,
    method: method ? { id: method.id, description: method.description } : null,
    ownerId: owner.id,
    owner: toUserSummary(owner),
    createdAt: task.createdAt.toISOString(),
  };
}
