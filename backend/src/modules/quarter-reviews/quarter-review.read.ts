import { sql, type Kysely } from 'kysely';
import type { TQuarter, TQuarterReview } from '@v2mom/contracts';
import type { ReadDb } from '../read-db.js';
import { auditFields, isoTimestamp, joined } from '../shared/read-rows.js';

/** A method's goal and measure columns for one quarter (`m.q2_goal`, `m.q2_measure`). */
export function quarterColumns(quarter: TQuarter) {
  return { goal: sql.ref<string | null>(`m.${quarter}_goal`), measure: sql.ref<string | null>(`m.${quarter}_measure`) };
}

/** Quarter reviews with the people they name, in the columns `reviewOf` reads. */
export function reviewRows(db: Kysely<ReadDb>) {
  return db
    .selectFrom('quarter_review as r')
    .leftJoin('user as rb', 'rb.id', 'r.reviewed_by_id')
    .leftJoin('user as ub', 'ub.id', 'r.updated_by_id')
    .select((eb) => [
      'r.id as review_id',
      'r.version as review_version',
      'r.method_id as review_method_id',
      'r.year as review_year',
      'r.quarter as review_quarter',
      'r.result as review_result',
      'r.reflection as review_reflection',
      'r.goal as review_goal',
      'r.measure as review_measure',
      'r.progress as review_progress',
      'r.status as review_status',
      'r.current_measure as review_current_measure',
      'rb.id as reviewed_by_id',
      'rb.name as reviewed_by_name',
      'rb.active as reviewed_by_active',
      isoTimestamp(eb.ref('r.reviewed_at')).as('reviewed_at'),
      'ub.id as updated_by_id',
      'ub.name as updated_by_name',
      'ub.active as updated_by_active',
      isoTimestamp(eb.ref('r.updated_at')).as('updated_at'),
    ]);
}

/** The review columns of a row, null where a left join found none. */
export interface ReviewColumns {
  review_id: number | null;
  review_version: number | null;
  review_method_id: number | null;
  review_year: number | null;
  review_quarter: TQuarter | null;
  review_result: TQuarterReview['result'] | null;
  review_reflection: string | null;
  review_goal: string | null;
  review_measure: string | null;
  review_progress: number | null;
  review_status: TQuarterReview['status'] | null;
  review_current_measure: string | null;
  reviewed_by_id: number | null;
  reviewed_by_name: string | null;
  reviewed_by_active: boolean | null;
  reviewed_at: string | null;
  updated_by_id: number | null;
  updated_by_name: string | null;
  updated_by_active: boolean | null;
  updated_at: string | null;
}

/** The review a row carries, in its read shape; null when it has none. */
export function reviewOf(row: ReviewColumns): TQuarterReview | null {
  const { review_id, review_version, review_method_id, review_year, review_quarter, review_result, review_progress, review_status, reviewed_at, updated_at } = row;
  if (review_id === null || review_version === null || review_method_id === null || review_year === null || review_quarter === null) return null;
  if (review_result === null || review_progress === null || review_status === null || reviewed_at === null || updated_at === null) return null;
  return {
    id: review_id,
    methodId: review_method_id,
    year: review_year,
    quarter: review_quarter,
    result: review_result,
    reflection: row.review_reflection ?? '',
    goal: row.review_goal,
    measure: row.review_measure,
    progress: review_progress,
    status: review_status,
    currentMeasure: row.review_current_measure,
    reviewedBy: joined({ id: row.reviewed_by_id, name: row.reviewed_by_name, active: row.reviewed_by_active }),
    reviewedAt: reviewed_at,
    ...auditFields({ ...row, version: review_version, updated_at }),
  };
}
