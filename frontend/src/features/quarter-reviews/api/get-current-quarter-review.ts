import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCurrentQuarterReview } from '@v2mom/contracts';
import { QUARTER_REVIEW_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { quarterReviewKeys } from '../../../lib/query-keys/quarter-review-keys';

function getCurrentQuarterReview(signal?: AbortSignal): Promise<TCurrentQuarterReview> {
  return callApi(QUARTER_REVIEW_PATHS.getCurrentQuarterReview, { signal });
}

/** Which quarter is open for review now: the server decides, by its clock (docs/PRODUCT.md#quarter-review). */
export const currentQuarterReviewOptions = () =>
  queryOptions({
    queryKey: quarterReviewKeys.current(),
    queryFn: ({ signal }) => getCurrentQuarterReview(signal),
    // A window opens or closes at a quarter's turn: asked again within the hour.
    staleTime: 60 * 60 * 1000,
    // The screens around it show without it.
    meta: { errorToast: false },
  });

export function useCurrentQuarterReview() {
  return useQuery(currentQuarterReviewOptions());
}
