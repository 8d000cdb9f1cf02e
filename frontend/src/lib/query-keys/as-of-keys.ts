/**
 * Screens as they were on a day (docs/PRODUCT.md#as-of), apart from `methodKeys`: no live event
 * touches them, so an as-of view holds still while today's values move.
 */
export const asOfKeys = {
  all: ['as-of'] as const,
  /** GET /api/as-of for a day, the day compared with, and a V2MOM (none: the COO-tracked methods). */
  of: (asOf: string, compare: string | null, v2momId: number | null) => [...asOfKeys.all, asOf, compare, v2momId] as const,
};
