export const MEASURE_STATUSES = ['on_track', 'at_risk', 'achieved'] as const;
export type TMeasureStatus = (typeof MEASURE_STATUSES)[number];

/** docs/PRODUCT.md#statuses: on_track 'On Track', at_risk 'At Risk', anything else 'Achieved'. */
export function measureStatusLabel(value: unknown): string {
  if (value === 'on_track') return 'On Track';
  if (value === 'at_risk') return 'At Risk';
  return 'Achieved';
}

