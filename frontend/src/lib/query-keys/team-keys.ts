import type { TTeamProgressView } from '@v2mom/contracts';

/** The team feature's query keys. */
export const teamKeys = {
  all: ['team'] as const,
  /** Every view of GET /api/team/progress (prefix of page). */
  progress: () => [...teamKeys.all, 'progress'] as const,
  /** Every search's Items List counts (prefix of itemCountsOf). */
  itemCounts: () => [...teamKeys.all, 'item-counts'] as const,
  /** GET /api/items/counts?q= */
  itemCountsOf: (q: string | undefined) => [...teamKeys.itemCounts(), q ?? ''] as const,
  /** GET /api/team/progress, page after page: the table a view asks for. */
  progressPage: (view: TTeamProgressView) => [...teamKeys.progress(), view] as const,
};
