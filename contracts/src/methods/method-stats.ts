import { roundedPercentage } from '../common/progress.js';
import type { TWorkStatus } from '../common/work-status.js';

type TWithStatus = { status: TWorkStatus | string | null | undefined };

export interface TMethodsOnTrack {
  count: number;
  total: number;
  percentage: number;
}

/** A method is on track when completed or in progress (docs/PRODUCT.md#progress). */
export const ON_TRACK_STATUSES: readonly TWorkStatus[] = ['completed', 'in_progress'];

function isOnTrack(status: TWithStatus['status']): boolean {
  return (ON_TRACK_STATUSES as readonly unknown[]).includes(status);
}

/** Completed or in_progress methods out of all of them (docs/PRODUCT.md#progress). */
export function methodsOnTrack(methods: readonly TWithStatus[]): TMethodsOnTrack {
  const count = methods.filter((m) => isOnTrack(m.status)).length;
  return { count, total: methods.length, percentage: roundedPercentage(count, methods.length) };
}

/** Dashboard overall completion: completed methods out of all, rounded; 0 when there are none. */
export function overallCompletion(methods: readonly TWithStatus[]): number {
  const completed = methods.filter((m) => m.status === 'completed').length;
  return roundedPercentage(completed, methods.length);
}

export function atRiskCount(methods: readonly TWithStatus[]): number {
  return methods.filter((m) => m.status === 'at_risk').length;
}

/**
 * The dashboard's counts of every method (GET /api/methods/summary), counted by the database so
 * no screen downloads the company's methods to count them.
 */
export interface TMethodStatusCounts {
  total: number;
  onTrack: number;
  completed: number;
  atRisk: number;
}

/** methodsOnTrack from the counts: the same figure without the list. */
export function methodsOnTrackOf(counts: TMethodStatusCounts): TMethodsOnTrack {
  return { count: counts.onTrack, total: counts.total, percentage: roundedPercentage(counts.onTrack, counts.total) };
}

/** overallCompletion from the counts: the same figure without the list. */
export function overallCompletionOf(counts: TMethodStatusCounts): number {
  return roundedPercentage(counts.completed, counts.total);
}

const AT_RISK_POINTS_PER_METHOD = 10;

/** The At Risk card's bar: 10 points per at-risk method, capped at 100. */
export function atRiskBarPercent(atRiskMethods: number): number {
  return Math.min(100, Math.max(0, atRiskMethods) * AT_RISK_POINTS_PER_METHOD);
}
