import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { QUARTER_RESULTS_MAX_METHODS, type TQuarter, type TQuarterResults } from '@v2mom/contracts';
import { QUARTER_REVIEW_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { chunksOf } from '../../../lib/chunks';
import { quarterReviewKeys } from '../../../lib/query-keys/quarter-review-keys';

function getQuarterResultsOf(year: number, quarter: TQuarter, methodIds: number[], signal?: AbortSignal): Promise<TQuarterResults> {
  return callApi(QUARTER_REVIEW_PATHS.getQuarterResults, {
    body: { year, quarter, methodIds },
    signal,
  });
}

/** As many requests as the API's limit on ids asks for, in parallel, their methods together; one for a screen's usual list. */
async function getQuarterResults(year: number, quarter: TQuarter, methodIds: number[], signal?: AbortSignal): Promise<TQuarterResults> {
  const chunks = chunksOf(methodIds, QUARTER_RESULTS_MAX_METHODS);
  const [first, ...rest] = await Promise.all(chunks.map((chunk) => getQuarterResultsOf(year, quarter, chunk, signal)));
  if (!first) throw new Error('Quarter results are asked for at least one method');
  return { ...first, methods: [first, ...rest].flatMap((answer) => answer.methods) };
}

/**
 * POST /api/quarter-results: for one quarter, the methods' goal, measure, values at its end and
 * review, for all the methods a screen shows (docs/PRODUCT.md#quarter-review).
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
