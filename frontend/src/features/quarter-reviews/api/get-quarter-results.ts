import { keepPreviousData, queryOptions, useQueries, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { QUARTER_RESULTS_MAX_METHODS, type TQuarter, type TQuarterMethodResult, type TQuarterResults } from '@v2mom/contracts';
import { QUARTER_REVIEW_PATHS } from '@v2mom/contracts/paths';
import { useCallback } from 'react';
import { callApi } from '../../../lib/api-client';
import { chunksOf } from '../../../lib/chunks';
import { heldElsewhere } from '../../../lib/held-elsewhere';
import { quarterReviewKeys } from '../../../lib/query-keys/quarter-review-keys';

function getQuarterResultsOf(year: number, quarter: TQuarter, methodIds: number[], signal?: AbortSignal): Promise<TQuarterResults> {
  return callApi(QUARTER_REVIEW_PATHS.getQuarterResults, {
    body: { year, quarter, methodIds },
    signal,
  });
}

/** A quarter's results hold while the screen is open: saved and reopened reviews are put in them live (app/live/live-quarter-reviews.ts). */
const RESULTS_STALE_MS = Infinity;

const resultEntries = (data: unknown) => ((data as TQuarterResults | undefined)?.methods ?? []).map((result) => [result.methodId, result] as const);

/** The quarter, whether it has ended, as a fresh answer for it already says, when one does. */
function heldQuarter(client: QueryClient, year: number, quarter: TQuarter): Omit<TQuarterResults, 'methods'> | undefined {
  const held = client
    .getQueryCache()
    .findAll({ queryKey: quarterReviewKeys.resultsOf(year, quarter) })
    .find((query) => !query.isStaleByTime(RESULTS_STALE_MS))?.state.data as TQuarterResults | undefined;
  return held && { year: held.year, quarter: held.quarter, endsAt: held.endsAt, ended: held.ended };
}

/**
 * The methods' results: those a fresh answer for the same quarter already holds (a row a live
 * change moved to this page), and the rest in as few requests as the API's limit on ids asks for
 * (one for a page), their methods together.
 */
async function getQuarterResults(client: QueryClient, year: number, quarter: TQuarter, methodIds: number[], signal?: AbortSignal): Promise<TQuarterResults> {
  const held = heldElsewhere(client, quarterReviewKeys.resultsOf(year, quarter), methodIds, RESULTS_STALE_MS, resultEntries);
  const missing = methodIds.filter((id) => !held.has(id));
  const answers = await Promise.all(chunksOf(missing, QUARTER_RESULTS_MAX_METHODS).map((chunk) => getQuarterResultsOf(year, quarter, chunk, signal)));
  const [first] = answers;
  const header = first ?? heldQuarter(client, year, quarter);
  if (!header) throw new Error('Quarter results are asked for at least one method');
  return { year: header.year, quarter: header.quarter, endsAt: header.endsAt, ended: header.ended, methods: [...held.values(), ...answers.flatMap((answer) => answer.methods)] };
}

/**
 * POST /api/quarter-results: for one quarter, the methods' goal, measure, values at its end and
 * review (docs/PRODUCT.md#quarter-review). Saved and reopened reviews arrive live and are put in
 * place (app/live/live-quarter-reviews.ts).
 */
const quarterResultsOptions = (year: number, quarter: TQuarter, sortedIds: number[]) =>
  queryOptions({
    queryKey: quarterReviewKeys.results(year, quarter, sortedIds),
    queryFn: ({ client, signal }) => getQuarterResults(client, year, quarter, sortedIds, signal),
    staleTime: RESULTS_STALE_MS,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

const sortedIds = (methodIds: readonly number[]) => [...methodIds].sort((a, b) => a - b);

/** The results of a list shown whole (a person's own methods), in one query. */
export function useQuarterResults(quarter: { year: number; quarter: TQuarter } | null, methodIds: number[]) {
  const ids = sortedIds(methodIds);
  return useQuery({
    ...quarterResultsOptions(quarter?.year ?? 0, quarter?.quarter ?? 'q1', ids),
    enabled: quarter !== null && ids.length > 0,
  });
}

/** Each method's result by id once the quarter's answers are here; null while none is, or none says the quarter has ended. */
export type TQuarterOutcomes = ReadonlyMap<number, TQuarterMethodResult> | null;

/**
 * The results of a list the server pages: one query for each page's methods (`pages` holds their
 * ids), asked once as the page comes, merged; the outcomes by id once the quarter has ended.
 */
export function useEndedQuarterByPage(quarter: { year: number; quarter: TQuarter } | null, pages: readonly (readonly number[])[]): TQuarterOutcomes {
  const year = quarter?.year;
  const shown = quarter?.quarter;
  const combine = useCallback(
    (results: UseQueryResult<TQuarterResults>[]) => {
      // While another quarter's answers stand in for this one's, today's values show.
      const answers = results.flatMap(({ data }) => (data && data.year === year && data.quarter === shown ? [data] : []));
      if (answers.length === 0 || !answers.every((answer) => answer.ended)) return null;
      return new Map(answers.flatMap((answer) => answer.methods.map((outcome) => [outcome.methodId, outcome] as const)));
    },
    [year, shown],
  );
  return useQueries({
    queries: quarter === null ? [] : pages.filter((ids) => ids.length > 0).map((ids) => quarterResultsOptions(quarter.year, quarter.quarter, sortedIds(ids))),
    combine,
  });
}
