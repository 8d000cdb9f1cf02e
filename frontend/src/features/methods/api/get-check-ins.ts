import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TCheckInPage } from '@v2mom/contracts';
import { CHECK_IN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getCheckIns(id: number, cursor: string | null, signal?: AbortSignal): Promise<TCheckInPage> {
  return callApi(CHECK_IN_PATHS.listCheckIns, { params: { id }, query: cursor === null ? {} : { cursor }, signal });
}

/** GET /api/methods/{id}/check-ins: a method's history, newest first, a page at a time (docs/PRODUCT.md#check-ins). */
export const checkInsQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: methodKeys.checkIns(id),
    queryFn: ({ pageParam, signal }) => getCheckIns(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 10_000,
    meta: { errorToast: false }, // the list shows its own error
  });

export function useCheckIns(id: number) {
  return useInfiniteQuery(checkInsQueryOptions(id));
}

/**
 * The same history read back to `since` (the progress chart's fiscal year): page after page until
 * one reaches a check-in before it, an undated one (those come last) or the end. It shares the
 * list's cache, so a check-in the live bridge puts at the top shows in both. Not asked while
 * `enabled` is false (a method carried from no other has no last year to read).
 */
export function useCheckInsSince(id: number, since: Date, enabled = true) {
  const { data, error, isPending, refetch, hasNextPage, isFetchingNextPage, isError, fetchNextPage } = useInfiniteQuery({ ...checkInsQueryOptions(id), enabled });
  const oldest = data?.pages.at(-1)?.checkIns.at(-1);
  const reachedSince = oldest !== undefined && (oldest.at === null || Date.parse(oldest.at) < since.getTime());
  const readMore = enabled && hasNextPage && !reachedSince && !isError;
  useEffect(() => {
    if (readMore && !isFetchingNextPage) void fetchNextPage();
  }, [readMore, isFetchingNextPage, fetchNextPage]);
  return { data, error, isPending, refetch, isComplete: data !== undefined && !readMore };
}
