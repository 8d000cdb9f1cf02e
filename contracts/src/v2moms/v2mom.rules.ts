import { YEAR_RANGE } from '../common/fields.rules.js';
import { averageProgress } from '../common/progress.js';
import { hasVisibleCharacter } from '../common/text.js';
import type { TV2momStatus } from './v2mom-status.js';

const V2MOM_STATUS_THRESHOLDS = { completed: 90, inProgress: 40, draft: 20 } as const;

export const UNTITLED_V2MOM = 'Untitled V2MOM';

/** docs/PRODUCT.md#validation: the year input offers 2000-2100 and validation refuses anything outside. */
export const V2MOM_YEAR_RANGE = YEAR_RANGE;

/**
 * V2MOM status from the average progress of its methods (docs/PRODUCT.md#v2mom-status): the average is
 * rounded, then 90+ completed, 40+ in_progress, under 20 at_risk, and 20-39 draft.
 */
export function v2momStatusFromAverage(average: number): TV2momStatus {
  const rounded = Math.round(average);
  if (rounded >= V2MOM_STATUS_THRESHOLDS.completed) return 'completed';
  if (rounded >= V2MOM_STATUS_THRESHOLDS.inProgress) return 'in_progress';
  if (rounded < V2MOM_STATUS_THRESHOLDS.draft) return 'at_risk';
  return 'draft';
}

export interface TV2momProgressSummary {
  overallProgress: number;
  status: TV2momStatus;
}

/**
 * What a save stores: the rounded average progress of the methods and the status it gives.
 * No methods means an average of 0, hence at_risk.
 */
export function summarizeV2momProgress(methods: ReadonlyArray<{ progress: number }>): TV2momProgressSummary {
  const overallProgress = averageProgress(methods.map((method) => method.progress));
  return { overallProgress, status: v2momStatusFromAverage(overallProgress) };
}

/** A new V2MOM created without a status (POST /api/v2moms) starts as a draft. */
export function initialV2momStatus(requested: TV2momStatus | null | undefined): TV2momStatus {
  return requested ?? 'draft';
}

/** A new V2MOM saved with a blank title (nothing visible in it) is stored as 'Untitled V2MOM'. */
export function titleOrUntitled(title: string | null | undefined): string {
  const trimmed = title?.trim() ?? '';
  return hasVisibleCharacter(trimmed) ? trimmed : UNTITLED_V2MOM;
}

/** Back from a V2MOM goes to the personal list for its owner, to the team list for anyone else. */
export function isOwnV2mom(v2mom: { userId: number }, viewer: { id: number } | null | undefined): boolean {
  return viewer != null && v2mom.userId === viewer.id;
}
