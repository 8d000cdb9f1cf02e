import type { TItemListView, TTeamProgressView } from '@v2mom/contracts';

/** The team feature's query keys. */
export const teamKeys = {
  all: ['team'] as const,
  /** Every view of GET /api/team/progress (prefix of page). */
  progress: () => [...teamKeys.all, 'progress'] as const,
  /** Every search's Items List counts (prefix of itemCountsOf). */
  itemCounts: () => [...teamKeys.all, 'item-counts'] as const,
  /** GET /api/items/counts?q=&stale= */
  itemCountsOf: (q: string | undefined, staleOnly: boolean) => [...teamKeys.itemCounts(), q ?? '', staleOnly] as const,
  /** Every view of GET /api/items (prefix of itemPage). */
  itemPages: () => [...teamKeys.all, 'item-pages'] as const,
  /** GET /api/items, page after page: the Items List's All Items as a view asks for it. */
  itemPage: (view: TItemListView) => [...teamKeys.itemPages(), view] as const,
  /** Every department's Team Status overview (prefix of statusCountsOf). */
  statusCounts: () => [...teamKeys.all, 'status-counts'] as const,
  /** GET /api/team/status-counts?department= */
  statusCountsOf: (department: string) => [...teamKeys.statusCounts(), department] as const,
  /** GET /api/team/progress, page after page: the table a view asks for. */
  progressPage: (view: TTeamProgressView) => [...teamKeys.progress(), view] as const,
};
