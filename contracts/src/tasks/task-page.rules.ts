import { holdsWords, searchWords, type TSortKey } from '../common/list-order.js';
import type { TTaskFilter } from './task-page.js';
import type { TTask } from './task.schemas.js';

/**
 * What a row of GET /api/tasks (task-page.ts) sorts by and which rows a query holds. A module
 * without zod: the screens that list tasks use it and load no schema.
 */

/** What a task list can be sorted by: `newest`, the order tasks were created in. */
export const TASK_SORTS = ['newest'] as const;
export type TTaskSort = (typeof TASK_SORTS)[number];

/** The text a task's search looks in: its title, description, owner, method and status. */
export function taskSearchText(task: TTask): string {
  return [task.title, task.description, task.owner.name, task.method?.description ?? '', task.status.replace('_', ' ')].join(' ');
}

/** Whether `task` is among the rows `filter` lists. */
export function taskMatches(task: TTask, filter: TTaskFilter): boolean {
  if (filter.status !== undefined && !filter.status.includes(task.status)) return false;
  if (filter.ownerId !== undefined && task.ownerId !== filter.ownerId) return false;
  if (filter.department !== undefined && task.owner.department !== filter.department) return false;
  return holdsWords(taskSearchText(task), searchWords(filter.q));
}

/** What `task` sorts by in `sort`: newer tasks have higher ids. */
export function taskSortKey(task: TTask, sort: TTaskSort): TSortKey {
  switch (sort) {
    case 'newest':
      return task.id;
  }
}
