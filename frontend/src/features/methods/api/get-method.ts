import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMethodDetail } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

function getMethod(id: number, signal?: AbortSignal): Promise<TMethodDetail> {
  return callApi(METHOD_PATHS.getMethodComplete, { params: { id }, signal });
}

/**
 * GET /api/methods/{id}/complete: the method detail in one answer. Live events keep it fresh
 * (the row itself, or a refetch when what it links to changes); while the socket is down it polls
 * like the V2MOM document (docs/PRODUCT.md#offline-polling).
 */
export const methodQueryOptions = (id: number) =>
  queryOptions({
    queryKey: methodKeys.detail(id),
    queryFn: ({ signal }) => getMethod(id, signal),
    staleTime: 10_000,
    // A missing method is a screen state ('Method Not Found'), and a failed load shows its own panel.
    meta: { errorToast: false, pollWhileOffline: true },
  });

export function useMethod(id: number) {
  return useQuery(methodQueryOptions(id));
}

/** 404 (and 403, 400) read 'Method Not Found': it does not exist or the user may not see it. */
export function isMethodNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}
