import { WORK_STATUSES, type TTask, type TTaskStatus } from '@v2mom/contracts';

/** The URL parameter that holds the Tasks screen's status filter: `?status=in_progress,at_risk`. */
export const STATUS_PARAM = 'status';

/** The statuses named in the URL, in the product's order; unknown words are ignored. */
export function statusesFromParam(value: string | null): TTaskStatus[] {
  const named = new Set((value ?? '').split(','));
  return WORK_STATUSES.filter((status) => named.has(status));
}

/** The URL value for a selection, or `null` when nothing is selected (the parameter is removed). */
export function paramFromStatuses(statuses: readonly TTaskStatus[]): string | null {
  const chosen = WORK_STATUSES.filter((status) => statuses.includes(status));
  return chosen.length === 0 ? null : chosen.join(',');
}

/** An empty selection shows every task; otherwise the tasks whose status is selected. */
export function filterTasks(tasks: readonly TTask[], statuses: readonly TTaskStatus[]): readonly TTask[] {
  if (statuses.length === 0) return tasks;
  const chosen = new Set<TTaskStatus>(statuses);
  return tasks.filter((task) => chosen.has(task.status));
}
