/** Progress maths shared by the dashboard, lists and bars (docs/PRODUCT.md#progress). */

export type TProgressBarSize = 'sm' | 'md' | 'lg';
export type TProgressVariant = 'default' | 'success' | 'warning' | 'danger';

const PROGRESS_COLOR_THRESHOLDS = { success: 70, warning: 40 } as const;

/** Bars never draw outside 0-100; a NaN (e.g. 0/0 upstream) draws as empty. */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export function progressColor(value: number): Exclude<TProgressVariant, 'default'> {
  if (value >= PROGRESS_COLOR_THRESHOLDS.success) return 'success';
  if (value >= PROGRESS_COLOR_THRESHOLDS.warning) return 'warning';
  return 'danger';
}

/** `part / total` as a rounded percentage, 0 when there is nothing to count. */
export function roundedPercentage(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part / total) * 100);
}

/** Rounded mean of progress values, each clamped first; 0 for an empty list. */
export function averageProgress(progresses: readonly number[]): number {
  if (progresses.length === 0) return 0;
  const sum = progresses.reduce((total, value) => total + clampPercent(value), 0);
  return Math.round(sum / progresses.length);
}
