import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TAlignedPage, TAlignmentAwaitingPage, TV2momPath } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

const MAP_QUERY = { staleTime: 10_000, meta: { errorToast: false } } as const; // the map shows its own errors

/** GET /api/alignment?year=: the top of a year's map, the company V2MOM first (docs/PRODUCT.md#alignment-map). */
export function useAlignmentRoots(year: number) {
  return usePagedList(
    useInfiniteQuery(
      infiniteQueryOptions({
        queryKey: v2momKeys.alignmentRoots(year),
        queryFn: ({ pageParam, signal }): Promise<TAlignedPage> =>
          callApi(V2MOM_PATHS.listAlignmentRoots, { query: { year, cursor: pageParam ?? undefined }, signal }),
        initialPageParam: null as string | null,
        getNextPageParam: (page) => page.nextCursor,
        ...MAP_QUERY,
      }),
    ),
  );
}

/** GET /api/v2moms/{id}/aligned: a branch's V2MOMs, asked for once the branch is open. */
export function useAlignedV2moms(id: number, open: boolean) {
  return usePagedList(
    useInfiniteQuery({
      ...infiniteQueryOptions({
        queryKey: v2momKeys.aligned(id),
        queryFn: ({ pageParam, signal }): Promise<TAlignedPage> =>
          callApi(V2MOM_PATHS.listAlignedV2moms, { params: { id }, query: { cursor: pageParam ?? undefined }, signal }),
        initialPageParam: null as string | null,
        getNextPageParam: (page) => page.nextCursor,
        ...MAP_QUERY,
      }),
      enabled: open,
    }),
  );
}

/**
 * GET /api/alignment/awaiting: the V2MOMs awaiting the signed-in person's approval with the path down
 * to each, asked for while the map shows "Needs my approval". Kept under the approvals awaiting, so
 * a V2MOM submitted, approved or sent back asks for it again.
 */
export const alignmentAwaitingQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: v2momKeys.alignmentAwaiting(),
    queryFn: ({ pageParam, signal }): Promise<TAlignmentAwaitingPage> =>
      callApi(V2MOM_PATHS.listAlignmentAwaiting, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...MAP_QUERY,
  });

export function useAlignmentAwaiting(enabled: boolean) {
  return useInfiniteQuery({ ...alignmentAwaitingQueryOptions(), enabled });
}

/** GET /api/v2moms/{id}/path: the V2MOMs from the top of the map down to one, which a search's find opens. */
export const v2momPathQueryOptions = (id: number) =>
  queryOptions({
    queryKey: v2momKeys.path(id),
    queryFn: ({ signal }): Promise<TV2momPath> => callApi(V2MOM_PATHS.getV2momPath, { params: { id }, signal }),
    ...MAP_QUERY,
  });
