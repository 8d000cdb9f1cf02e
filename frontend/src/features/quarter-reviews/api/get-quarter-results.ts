import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TQuarter, TQuarterResults } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { quarterReviewKeys } from '../../../lib/query-keys/quarter-review-keys';

function getQuarterResults(year: number, quarter: TQuarter, methodIds: number[], signal?: AbortSignal): Promise<TQuarterResults> {
  return callApi(API_PATHS.getQuarterResults, {
    body: { year, quarter, methodIds },
    signal,
  });
}

/**
 * POST /api/quarter-results: for one quarter, the methods' goal, measure, values at its end and
 * review, in one request for all the methods a screen shows (docs/PRODUCT.md#quarter-review).
 * Saved and reopened reviews arrive live and refresh it.
 */
const quarterResultsOptions = (year: number, quarter: TQuarter, methodIds: number[]) =>
  queryOptions({
    queryKey: quarterReviewKeys.results(year, quarter, methodIds),
    queryFn: ({ signal }) => getQuarterResults(year, quarter, methodIds, signal),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

export function useQuarterResults(quarter: { year: number; quarter: TQuarter } | null, methodIds: number[]) {
  const ids = [...methodIds].sort((a, b) => a - b);
  return useQuery({
    ...quarterResultsOptions(quarter?.year ?? 0, quarter?.quarter ?? 'q1', ids),
    enabled: quarter !== null && ids.length > 0,
  });
}
