import { z } from 'zod';

export const MEASURE_STATUSES = ['on_track', 'at_risk', 'achieved'] as const;
export const ZMeasureStatusSchema = z.enum(MEASURE_STATUSES);
export type TMeasureStatus = z.infer<typeof ZMeasureStatusSchema>;

/** docs/PRODUCT.md#statuses: on_track 'On Track', at_risk 'At Risk', anything else 'Achieved'. */
export function measureStatusLabel(value: unknown): string {
  if (value === 'on_track') return 'On Track';
  if (value === 'at_risk') return 'At Risk';
  return 'Achieved';
}

