import type { TTask, TUpdateTask, TWorkStatus } from '@v2mom/contracts';

/** A task's updates and status as the inline editor holds them. */
export interface TaskDraft {
  updates: string;
  status: TWorkStatus;
}

export function taskDraftOf(task: Pick<TTask, 'updates' | 'status'>): TaskDraft {
  return { updates: task.updates ?? '', status: task.status };
}

/** The fields the draft changes (blank updates as null); empty when nothing changed. */
export function taskChanges(task: Pick<TTask, 'updates' | 'status'>, draft: TaskDraft): Omit<TUpdateTask, 'version'> {
  const held = taskDraftOf(task);
  const changes: Omit<TUpdateTask, 'version'> = {};
  if (draft.updates !== held.updates) changes.updates = draft.updates.trim() === '' ? null : draft.updates;
  if (draft.status !== held.status) changes.status = draft.status;
  return changes;
}
