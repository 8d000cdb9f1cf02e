import { z } from 'zod';

/**
 * GET /api/methods/coo-tracking/counts: the figures Key Metrics, the COO View and the dashboard
 * show beside their pages of COO-tracked methods (docs/PRODUCT.md#key-metrics), counted by the
 * server over the filters those pages are cut with (GET /api/methods?forCooTracking=true), so a
 * figure and the list agree.
 */
const ZCountSchema = z.number().int().nonnegative();

export const ZCooTrackingCountsSchema = z.object({
  /** The methods marked for COO tracking (GET /api/methods?forCooTracking=true). */
  tracked: ZCountSchema,
  /** Of those, the stale ones now (`&stale=true`): the COO View's `Stale only ({n})`. */
  staleTracked: ZCountSchema,
  /** Of those, the ones with a measure or a current measure (`&withKeyMetric=true`): Key Metrics' cards. */
  keyMetrics: ZCountSchema,
  /** Of the key metrics, the stale ones now: Key Metrics' `Stale only ({n})`. */
  staleKeyMetrics: ZCountSchema,
});
export type TCooTrackingCounts = z.infer<typeof ZCooTrackingCountsSchema>;
