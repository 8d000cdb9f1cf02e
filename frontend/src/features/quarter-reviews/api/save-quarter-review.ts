import { useMutation } from '@tanstack/react-query';
import type { TQuarterReview, TSaveQuarterReview } from '@v2mom/contracts';
import { QUARTER_REVIEW_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';

function saveQuarterReview(body: TSaveQuarterReview): Promise<TQuarterReview> {
  return callApi(QUARTER_REVIEW_PATHS.saveQuarterReview, { body });
}

/** POST /api/quarter-reviews (docs/PRODUCT.md#quarter-review); the saved review reaches every screen from its event. */
export function useSaveQuarterReview() {
  return useMutation({
    mutationFn: saveQuarterReview,
    meta: {
      successToast: { title: 'Review saved' },
      errorToast: (error: unknown) => ({
        title: 'Failed to save the review',
        message: error instanceof ApiError ? error.serverMessage : undefined,
      }),
    },
  });
}
