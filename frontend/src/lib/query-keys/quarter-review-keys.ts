/** Quarter reviews and quarters' results (see v2mom-keys.ts for why there is one factory per feature). */
export const quarterReviewKeys = {
  all: ['quarter-reviews'] as const,
  /** GET /api/quarter-reviews/current */
  current: () => [...quarterReviewKeys.all, 'current'] as const,
  /** POST /api/quarter-results, for one quarter and the methods a screen shows. */
  results: (year: number, quarter: string, methodIds: readonly number[]) => [...quarterReviewKeys.all, 'results', year, quarter, methodIds] as const,
  /** GET /api/quarter-scorecard */
  scorecard: () => [...quarterReviewKeys.all, 'scorecard'] as const,
};
