import { keepPreviousData, queryOptions, useQueries, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { TREND_LIMITS, type TTrendPoint, type TTrends } from '@v2mom/contracts';
import { CHECK_IN_PATHS } from '@v2mom/contracts/paths';
import { useCallback, useMemo } from 'react';
import { callApi } from '../../../lib/api-client';
import { chunksOf } from '../../../lib/chunks';
import { heldElsewhere } from '../../../lib/held-elsewhere';
import { trendKeys } from '../../../lib/query-keys/trend-keys';

/** A method's weekly points, oldest first; `'loading'` until they come; null when they cannot be shown. */
export type TMethodTrend = readonly TTrendPoint[] | 'loading' | null;

/** Each method's points by id; a plain object, so a refetch keeps the unchanged methods' arrays (structural sharing). */
export type TTrendsById = Readonly<Partial<Record<number, readonly TTrendPoint[]>>>;

// Weeks end once a week: a screen's trends hold while it is open; a live check-in moves the last point (app/live/live-check-ins.ts).
const TRENDS_STALE_MS = 5 * 60_000;

function getTrends(methodIds: number[], signal?: AbortSignal): Promise<TTrends> {
  return callApi(CHECK_IN_PATHS.getMethodTrends, { body: { methodIds }, signal });
}

const trendEntries = (data: unknown) =>
  Object.entries((data ?? {}) as TTrendsById).flatMap(([id, points]) => (points ? [[Number(id), points] as const] : []));

/**
 * One page's trends: those a fresh answer of another page already holds (a row a live change
 * moved there), and the rest in as few requests as the API's limit on ids asks for (one for a page).
 */
async function getTrendsById(client: QueryClient, sortedIds: readonly number[], signal?: AbortSignal): Promise<TTrendsById> {
  const held = heldElsewhere(client, trendKeys.all, sortedIds, TRENDS_STALE_MS, trendEntries);
  const missing = sortedIds.filter((id) => !held.has(id));
  const answers = await Promise.all(chunksOf(missing, TREND_LIMITS.methods).map((chunk) => getTrends(chunk, signal)));
  return Object.fromEntries([...held, ...answers.flatMap((answer) => answer.methods.map(({ methodId, points }) => [methodId, points] as const))]);
}

/** POST /api/methods/trends: the last 13 weeks of one page's methods (docs/PRODUCT.md#trends). */
const methodTrendsQueryOptions = (sortedIds: readonly number[]) =>
  queryOptions({
    queryKey: trendKeys.of(sortedIds),
    queryFn: ({ client, signal }) => getTrendsById(client, sortedIds, signal),
    enabled: sortedIds.length > 0,
    staleTime: TRENDS_STALE_MS,
    // A page whose methods changed asks again; its other methods keep their lines meanwhile.
    placeholderData: keepPreviousData,
    meta: { errorToast: false }, // a card without its trend line is still whole
  });

const sortedIdsOf = (methods: readonly { id: number }[]) => methods.map((method) => method.id).sort((a, b) => a - b);

/** The same query for one page of a screen's methods: asked for before the screen renders (app/page-data.ts). */
export const pageTrendsQueryOptions = (methods: readonly { id: number }[]) => methodTrendsQueryOptions(sortedIdsOf(methods));

/**
 * The trends of every method a screen shows, one request for each page of its list, asked once
 * as the page comes (a list not paged gives its methods as one page); a card reads its own with
 * the returned function.
 */
export function useMethodTrends(pages: readonly (readonly { id: number }[])[] | undefined): (methodId: number) => TMethodTrend {
  // By the ids, not the rows: a live change to a row leaves its page's request alone.
  const pagesKey = useMemo(() => (pages ?? []).map((page) => sortedIdsOf(page).join(',')).filter((ids) => ids !== '').join(';'), [pages]);
  const groups = useMemo(() => (pagesKey === '' ? [] : pagesKey.split(';').map((ids) => ids.split(',').map(Number))), [pagesKey]);
  const combine = useCallback(
    (results: UseQueryResult<TTrendsById>[]) => {
      const trends = new Map<number, TMethodTrend>();
      results.forEach(({ data, isError, isPending }, index) => {
        for (const methodId of groups[index] ?? []) trends.set(methodId, isError ? null : (data?.[methodId] ?? (isPending ? 'loading' : null)));
      });
      return (methodId: number): TMethodTrend => trends.get(methodId) ?? null;
    },
    [groups],
  );
  return useQueries({ queries: groups.map((ids) => methodTrendsQueryOptions(ids)), combine });
}
