import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TAwaitingApprovalPage } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getAwaitingApproval(cursor: string | null, signal?: AbortSignal): Promise<TAwaitingApprovalPage> {
  return callApi(V2MOM_PATHS.listAwaitingApproval, { query: { cursor: cursor ?? undefined }, signal });
}

/** GET /api/approvals/awaiting: what awaits the signed-in person's approval, the longest waiting first (docs/PRODUCT.md#approval). */
const awaitingApprovalQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: v2momKeys.awaitingApproval(),
    queryFn: ({ pageParam, signal }) => getAwaitingApproval(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorToast: false }, // the panel shows its own error
  });

export function useAwaitingApproval() {
  return useInfiniteQuery(awaitingApprovalQueryOptions());
}
