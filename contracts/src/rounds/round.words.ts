import { WORK_STATUS_LABELS } from '../common/work-status.js';
import type { TRoundMovement } from './round.schemas.js';

/** What moved in a round, as the minutes say it: "40% → 60% · In Progress → At Risk · confidence 7 → 5". */
export function describeMovement(moved: TRoundMovement): string {
  const parts: string[] = [];
  if (moved.progress.from !== moved.progress.to) parts.push(`${moved.progress.from ?? '–'}% → ${moved.progress.to ?? '–'}%`);
  if (moved.status.from !== moved.status.to && moved.status.to) parts.push(`${moved.status.from ? WORK_STATUS_LABELS[moved.status.from] : '–'} → ${WORK_STATUS_LABELS[moved.status.to]}`);
  if (moved.confidence.from !== moved.confidence.to) parts.push(`confidence ${moved.confidence.from ?? '–'} → ${moved.confidence.to ?? '–'}`);
  return parts.length > 0 ? parts.join(' · ') : 'Checked in, unchanged';
}
