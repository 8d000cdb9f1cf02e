import { WORK_STATUSES, type TTaskListView, type TTaskStatus } from '@v2mom/contracts';

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

/** The Tasks screen's list: newest first, every task until statuses are chosen. */
export function tasksView(statuses: readonly TTaskStatus[]): TTaskListView {
  return { sort: 'newest', dir: 'desc', status: statuses.length === 0 ? undefined : [...statuses] };
}

/** The list the Tasks screen opens on, before any filter. */
export const TASKS_FIRST_VIEW = tasksView([]);
