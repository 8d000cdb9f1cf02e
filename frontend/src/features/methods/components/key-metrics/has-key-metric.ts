import type { TMethodListItem } from '@v2mom/contracts';

/** A COO-tracked method shows on Key Metrics once it has a measure or a current measure (docs/PRODUCT.md#key-metrics). */
export function hasKeyMetric(method: TMethodListItem): boolean {
  return method.forCooTracking && Boolean(method.measure?.trim() || method.currentMeasure?.trim());
}
