import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAsOf } from '@v2mom/contracts';
import { CHECK_IN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { asOfKeys } from '../../../lib/query-keys/as-of-keys';

function getAsOf(asOf: string, compare: string | null, v2momId: number | null, signal?: AbortSignal): Promise<TAsOf> {
  return callApi(CHECK_IN_PATHS.getAsOf, { query: { asOf, compare: compare ?? undefined, v2momId: v2momId ?? undefined }, signal });
}

/**
 * GET /api/as-of: the COO-tracked methods, or a V2MOM's methods and measures, at the end of a day
 * (docs/PRODUCT.md#as-of). A past day does not change: it is read once; scrubbing keeps the last
 * day's values on screen until the next day's come.
 */
export const asOfQueryOptions = (asOf: string, compare: string | null, v2momId: number | null) =>
  queryOptions({
    queryKey: asOfKeys.of(asOf, compare, v2momId),
    queryFn: ({ signal }) => getAsOf(asOf, compare, v2momId, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** The values of `asOf` (and of `compare`), or nothing while no day is asked for. */
export function useAsOf(asOf: string | null, compare: string | null, v2momId: number | null) {
  return useQuery({ ...asOfQueryOptions(asOf ?? '', compare, v2momId), enabled: asOf !== null });
}
