import { z } from 'zod';
import type { TBadgeTone } from '../common/badge.js';

export const V2MOM_STATUSES = ['completed', 'in_progress', 'at_risk', 'draft', 'not_started'] as const;
export const ZV2momStatusSchema = z.enum(V2MOM_STATUSES);
export type TV2momStatus = z.infer<typeof ZV2momStatusSchema>;

export const V2MOM_STATUS_LABELS: Record<TV2momStatus, string> = {
  completed: 'Completed',
  in_progress: 'In Progress',
  at_risk: 'At Risk',
  draft: 'Draft',
  not_started: 'Not Started',
};

/** The team list's status filter offers only these (docs/PRODUCT.md#statuses). */
export const TEAM_STATUS_FILTER_OPTIONS: readonly TV2momStatus[] = ['completed', 'in_progress', 'at_risk', 'draft'];

function isV2momStatus(value: unknown): value is TV2momStatus {
  return ZV2momStatusSchema.safeParse(value).success;
}

/** Badge colour: completed green, in_progress yellow, at_risk red, anything else grey. */
export function v2momStatusTone(value: unknown): TBadgeTone {
  switch (value) {
    case 'completed':
      return 'green';
    case 'in_progress':
      return 'yellow';
    case 'at_risk':
      return 'red';
    default:
      return 'grey';
  }
}

/** The personal list (My V2MOMs) shows an unknown status as 'Draft'. */
export function personalListStatusLabel(value: unknown): string {
  return isV2momStatus(value) ? V2MOM_STATUS_LABELS[value] : V2MOM_STATUS_LABELS.draft;
}

/** The team table shows an unknown status as 'Not Started'. */
export function teamTableStatusLabel(value: unknown): string {
  return isV2momStatus(value) ? V2MOM_STATUS_LABELS[value] : V2MOM_STATUS_LABELS.not_started;
}
