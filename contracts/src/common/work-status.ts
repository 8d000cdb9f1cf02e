import type { TBadgeTone } from './badge.js';

/** Methods and tasks share one status set (docs/PRODUCT.md#statuses). */
export const WORK_STATUSES = ['not_started', 'in_progress', 'completed', 'at_risk'] as const;
export type TWorkStatus = (typeof WORK_STATUSES)[number];

const DEFAULT_WORK_STATUS: TWorkStatus = 'not_started';

export const WORK_STATUS_LABELS: Record<TWorkStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  completed: 'Completed',
  at_risk: 'At Risk',
};

const WORK_STATUS_TONES: Record<TWorkStatus, TBadgeTone> = {
  not_started: 'grey',
  in_progress: 'blue',
  completed: 'green',
  at_risk: 'red',
};

/** Whether a value (a stored text, an aggregate's part) is one of the statuses. */
export function isWorkStatus(value: unknown): value is TWorkStatus {
  return (WORK_STATUSES as readonly unknown[]).includes(value);
}

/** A missing or unknown status reads as not started, the default (docs/PRODUCT.md#statuses). */
function normalizeWorkStatus(value: unknown): TWorkStatus {
  return isWorkStatus(value) ? value : DEFAULT_WORK_STATUS;
}

export function workStatusLabel(value: unknown): string {
  return WORK_STATUS_LABELS[normalizeWorkStatus(value)];
}

export function workStatusTone(value: unknown): TBadgeTone {
  return WORK_STATUS_TONES[normalizeWorkStatus(value)];
}

/** The statuses in the order of their labels, as lists sort a status column. */
export const WORK_STATUSES_BY_LABEL: readonly TWorkStatus[] = [...WORK_STATUSES].sort((a, b) => (WORK_STATUS_LABELS[a] < WORK_STATUS_LABELS[b] ? -1 : 1));

/** Where a status sorts in a list: its label's place among the labels, from 1. */
export function workStatusRank(status: TWorkStatus): number {
  return WORK_STATUSES_BY_LABEL.indexOf(status) + 1;
}
