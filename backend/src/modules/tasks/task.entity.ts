import { defineEntity, p } from '@mikro-orm/core';
import { WORK_STATUSES } from '@v2mom/contracts';
import { trigramIndex } from '../../db/search.js';
import { auditProperties } from '../shared/audit.properties.js';
import { Method } from '../methods/method.entity.js';
import { User } from '../users/user.entity.js';

/** The task's own text a search looks in (modules/tasks/task-page.read.ts), indexed as one. */
export const TASK_SEARCH_COLUMNS = ['title', 'description'] as const;

export const TaskSchema = defineEntity({
  name: 'Task',
  // The Tasks screen searches by words (docs/PRODUCT.md#paged-lists).
  indexes: [trigramIndex('task', TASK_SEARCH_COLUMNS)],
  properties: {
    ...auditProperties,
    title: p.string().length(300),
    description: p.text(),
    status: p.enum(WORK_STATUSES).default('not_started').index(),
    updates: p.text().nullable(),
    /** Deleting the method keeps the task, unlinked. */
    method: () => p.manyToOne(Method).ref().nullable().deleteRule('set null').index(),
    owner: () => p.manyToOne(User).ref().index(),
  },
});

export class Task extends TaskSchema.class {}
TaskSchema.setClass(Task);
