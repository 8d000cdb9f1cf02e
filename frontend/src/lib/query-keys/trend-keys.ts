/**
 * The methods' weekly trends (docs/PRODUCT.md#trend-lines), apart from `methodKeys`: the events
 * that refresh the methods leave the weeks alone, and a live check-in moves its method's last
 * point in place (app/live/live-check-ins.ts). A screen showing other methods asks again.
 */
export const trendKeys = {
  all: ['method-trends'] as const,
  /** POST /api/methods/trends for these methods, ids in ascending order */
  of: (sortedIds: readonly number[]) => [...trendKeys.all, sortedIds] as const,
};
