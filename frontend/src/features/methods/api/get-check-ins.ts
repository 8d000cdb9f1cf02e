import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TCheckInPage } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getCheckIns(id: number, cursor: string | null, signal?: AbortSignal): Promise<TCheckInPage> {
  return callApi(API_PATHS.listCheckIns, { params: { id }, query: cursor === null ? {} : { cursor }, signal });
}

/** GET /api/methods/{id}/check-ins: a method's history, newest first, a page at a time (docs/PRODUCT.md#check-ins). */
const checkInsQueryOptions = (id: number) =>
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
