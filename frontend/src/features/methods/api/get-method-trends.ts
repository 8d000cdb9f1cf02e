import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TREND_LIMITS, type TTrendPoint, type TTrends } from '@v2mom/contracts';
import { CHECK_IN_PATHS } from '@v2mom/contracts/paths';
import { useCallback, useMemo } from 'react';
import { callApi } from '../../../lib/api-client';
import { chunksOf } from '../../../lib/chunks';
import { trendKeys } from '../../../lib/query-keys/trend-keys';

/** A method's weekly points, oldest first; `'loading'` until they come; null when they cannot be shown. */
export type TMethodTrend = readonly TTrendPoint[] | 'loading' | null;

/** Each method's points by id; a plain object, so a refetch keeps the unchanged methods' arrays (structural sharing). */
export type TTrendsById = Readonly<Partial<Record<number, readonly TTrendPoint[]>>>;


function getTrends(methodIds: number[], signal?: AbortSignal): Promise<TTrends> {
  return callApi(CHECK_IN_PATHS.getMethodTrends, { body: { methodIds }, signal });
}

/** As many requests as the API's limit on ids asks for, in parallel; one for a screen's usual list. */
async function getTrendsById(sortedIds: readonly number[], signal?: AbortSignal): Promise<TTrendsById> {
  const answers = await Promise.all(chunksOf(sortedIds, TREND_LIMITS.methods).map((chunk) => getTrends(chunk, signal)));
  return Object.fromEntries(answers.flatMap((answer) => answer.methods.map(({ methodId, points }) => [methodId, points] as const)));
}

/** POST /api/methods/trends: the last 13 weeks of the given methods (docs/PRODUCT.md#trends). */
const methodTrendsQueryOptions = (sortedIds: readonly number[]) =>
  queryOptions({
    queryKey: trendKeys.of(sortedIds),
    queryFn: ({ signal }) => getTrendsById(sortedIds, signal),
    enabled: sortedIds.length > 0,
    // Weeks end once a week: a screen's trends hold while it is open; a live check-in moves the last point (app/live/live-check-ins.ts).
    staleTime: 5 * 60_000,
    // A method added to the screen asks again; the others keep their lines meanwhile.
    placeholderData: keepPreviousData,
    meta: { errorToast: false }, // a card without its trend line is still whole
  });

const sortedIdsOf = (methods: readonly { id: number }[]) => methods.map((method) => method.id).sort((a, b) => a - b);

/** The same query for a screen's methods: asked for before the screen renders (app/page-data.ts). */
export const screenTrendsQueryOptions = (methods: readonly { id: number }[]) => methodTrendsQueryOptions(sortedIdsOf(methods));

/**
 * The trends of every method a screen shows, in one request however many cards there are; a card
 * reads its own with the returned function.
 */
export function useMethodTrends(methods: readonly { id: number }[] | undefined): (methodId: number) => TMethodTrend {
  const idsKey = useMemo(() => sortedIdsOf(methods ?? []).join(','), [methods]);
  const sortedIds = useMemo(() => (idsKey === '' ? [] : idsKey.split(',').map(Number)), [idsKey]);
  const { data, isError, isPending } = useQuery(methodTrendsQueryOptions(sortedIds));
  return useCallback(
    (methodId: number) => {
      if (isError) return null;
      const points = data?.[methodId];
      if (points) return points;
      return isPending ? 'loading' : null;
    },
    [data, isError, isPending],
  );
}
