import type { QueryClient } from '@tanstack/react-query';
import type { TEntityChangedEvent, TQuarterMethodResult, TQuarterResults, TQuarterReview } from '@v2mom/contracts';
import { quarterReviewKeys } from '../../lib/query-keys/quarter-review-keys';

type TReviewEvent = Extract<TEntityChangedEvent, { entity: 'quarterReview' }>;

/** The method's review after the event: the saved one where it is the method's and newer, none once reopened. */
function reviewAfter(result: TQuarterMethodResult, event: TReviewEvent): TQuarterReview | null {
  const held = result.review;
  if (event.operation === 'deleted') return held && held.id === event.id && held.version <= event.version ? null : held;
  const saved = event.row;
  if (result.methodId !== saved.methodId || (held?.id === saved.id && held.version >= saved.version)) return held;
  return saved;
}

/**
 * A review saved or reopened (docs/PRODUCT.md#quarter-review) reaches its method's result in every
 * cached answer for its quarter in place: a screen's results, asked for page by page, are not asked
 * for again, and the answers without the method are left as they are.
 */
export function putQuarterReviews(queryClient: QueryClient, events: readonly TEntityChangedEvent[]): void {
  for (const event of events) {
    if (event.entity !== 'quarterReview') continue;
    const queryKey = event.operation === 'deleted' ? quarterReviewKeys.allResults() : quarterReviewKeys.resultsOf(event.row.year, event.row.quarter);
    queryClient.setQueriesData<TQuarterResults>({ queryKey }, (results) => {
      if (!results) return results;
      let changed = false;
      const methods = results.methods.map((result) => {
        const review = reviewAfter(result, event);
        if (review === result.review) return result;
        changed = true;
        return { ...result, review };
      });
      return changed ? { ...results, methods } : results;
    });
  }
}
