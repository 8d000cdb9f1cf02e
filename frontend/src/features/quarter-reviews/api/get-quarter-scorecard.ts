import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuarterScorecard } from '@v2mom/contracts';
import { QUARTER_REVIEW_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { quarterReviewKeys } from '../../../lib/query-keys/quarter-review-keys';

function getQuarterScorecard(signal?: AbortSignal): Promise<TQuarterScorecard> {
  return callApi(QUARTER_REVIEW_PATHS.getQuarterScorecard, { signal });
}

/** GET /api/quarter-scorecard: the last finished quarter's results per department (docs/PRODUCT.md#quarter-review). */
const quarterScorecardOptions = () =>
  queryOptions({
    queryKey: quarterReviewKeys.scorecard(),
    queryFn: ({ signal }) => getQuarterScorecard(signal),
    meta: { errorToast: false }, // the card shows its own error
  });

export function useQuarterScorecard() {
  return useQuery(quarterScorecardOptions());
}
