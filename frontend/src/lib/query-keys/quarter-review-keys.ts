/** Quarter reviews and quarters' results (see v2mom-keys.ts for why there is one factory per feature). */
export const quarterReviewKeys = {
  all: ['quarter-reviews'] as const,
  /** GET /api/quarter-reviews/current */
  current: () => [...quarterReviewKeys.all, 'current'] as const,
  /** Every POST /api/quarter-results answer. */
  allResults: () => [...quarterReviewKeys.all, 'results'] as const,
  /** POST /api/quarter-results for one quarter, whatever the methods. */
  resultsOf: (year: number, quarter: string) => [...quarterReviewKeys.allResults(), year, quarter] as const,
  /** POST /api/quarter-results, for one quarter and the methods of a list, or of one page of it. */
  results: (year: number, quarter: string, methodIds: readonly number[]) => [...quarterReviewKeys.resultsOf(year, quarter), methodIds] as const,
  /** GET /api/quarter-scorecard */
  scorecard: () => [...quarterReviewKeys.all, 'scorecard'] as const,
};
