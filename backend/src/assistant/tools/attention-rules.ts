/**
 * What "needs attention" and "overdue" mean for the assistant (docs/PRODUCT.md#assistant). Users
 * ask about methods needing attention and overdue tasks; the rules are fixed here, once, and
 * every answer states them.
 */

/** A method due within this many days... */
export const ATTENTION_WINDOW_DAYS = 30;
/** ...and still below this progress is behind. */
export const ATTENTION_LOW_PROGRESS = 50;

/** A method nobody has touched for this many days has gone quiet. */
export const ATTENTION_STALE_DAYS = 30;

export type AttentionReason = 'at_risk' | 'overdue' | 'not_started' | 'behind' | 'stale';

export const ATTENTION_RULE =
  `A method needs attention when it is not completed and is at risk, or its due date has passed, ` +
  `or it is due within ${ATTENTION_WINDOW_DAYS} days and not started or under ${ATTENTION_LOW_PROGRESS}% progress, ` +
  `or nobody has updated it for ${ATTENTION_STALE_DAYS} days.`;

/** Tasks carry no due date of their own (docs/PRODUCT.md#tasks); they inherit their method's. */
export const OVERDUE_TASK_RULE =
  `A task is overdue when it is not completed and the method it belongs to was due before today. ` +
  `Tasks have no due date of their own, so tasks without a method are never overdue.`;

/** 'YYYY-MM-DD' plus `days`, in UTC so no time zone shift moves the calendar date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface AttentionInput {
  status: string;
  progress: number;
  dueDate: string | null;
  /** The day the method was last changed, 'YYYY-MM-DD'. */
  updatedOn: string;
}

/** Why a not-completed method needs attention; empty when it does not. */
export function attentionReasons(method: AttentionInput, today: string): AttentionReason[] {
  if (method.status === 'completed') return [];
  const reasons: AttentionReason[] = [];
  if (method.status === 'at_risk') reasons.push('at_risk');
  const dueSoon = method.dueDate !== null && method.dueDate >= today && method.dueDate <= addDays(today, ATTENTION_WINDOW_DAYS);
  if (method.dueDate !== null && method.dueDate < today) reasons.push('overdue');
  else if (dueSoon && method.status === 'not_started') reasons.push('not_started');
  else if (dueSoon && method.progress < ATTENTION_LOW_PROGRESS) reasons.push('behind');
  if (method.updatedOn <= addDays(today, -ATTENTION_STALE_DAYS)) reasons.push('stale');
  return reasons;
}
