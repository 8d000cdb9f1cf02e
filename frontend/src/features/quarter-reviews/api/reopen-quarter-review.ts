import { useMutation } from '@tanstack/react-query';
import type { TQuarterReview } from '@v2mom/contracts';
import { QUARTER_REVIEW_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';

function reopenQuarterReview(review: Pick<TQuarterReview, 'id' | 'version'>): Promise<{ message: string }> {
  return callApi(QUARTER_REVIEW_PATHS.reopenQuarterReview, {
    params: { id: review.id },
    query: { version: String(review.version) },
  });
}

/** DELETE /api/quarter-reviews/{id}: manage_structure reopens a review (docs/PRODUCT.md#quarter-review). */
export function useReopenQuarterReview() {
  return useMutation({
    mutationFn: reopenQuarterReview,
    meta: {
      successToast: { title: 'Review reopened' },
      errorToast: (error: unknown) => ({
        title: 'Failed to reopen the review',
        message: error instanceof ApiError ? error.serverMessage : undefined,
      }),
    },
  });
}
