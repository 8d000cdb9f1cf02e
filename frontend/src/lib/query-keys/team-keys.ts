/** The team feature's query keys. */
export const teamKeys = {
  all: ['team'] as const,
  /** GET /api/team/progress */
  progress: () => [...teamKeys.all, 'progress'] as const,
  /** Every search's Items List counts (prefix of itemCountsOf). */
  itemCounts: () => [...teamKeys.all, 'item-counts'] as const,
  /** GET /api/items/counts?q= */
  itemCountsOf: (q: string | undefined) => [...teamKeys.itemCounts(), q ?? ''] as const,
};
