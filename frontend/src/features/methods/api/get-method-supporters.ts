import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TSupportersPage } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getMethodSupporters(id: number, cursor: string | null, signal?: AbortSignal): Promise<TSupportersPage> {
  return callApi(METHOD_PATHS.listMethodSupporters, { params: { id }, query: cursor === null ? {} : { cursor }, signal });
}

/** GET /api/methods/{id}/supporters: the methods that support one, a page at a time (docs/PRODUCT.md#roll-up). */
const methodSupportersQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: methodKeys.supporters(id),
    queryFn: ({ pageParam, signal }) => getMethodSupporters(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorToast: false }, // the panel shows its own error
  });

export function useMethodSupporters(id: number) {
  return useInfiniteQuery(methodSupportersQueryOptions(id));
}
