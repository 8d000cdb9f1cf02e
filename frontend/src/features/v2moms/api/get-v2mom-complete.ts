import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TV2momComplete } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

/**
 * docs/PRODUCT.md#offline-polling: the V2MOM document refetches every 30 s and is fresh for 10 s. The polling
 * runs only while the socket is down (the live bridge's `pollWhileOffline`).
 */
const V2MOM_DETAIL_STALE_MS = 10_000;

function getV2momComplete(id: number, signal?: AbortSignal): Promise<TV2momComplete> {
  return callApi(V2MOM_PATHS.getV2momComplete, { params: { id }, signal });
}

export const v2momCompleteQueryOptions = (id: number) =>
  queryOptions({
    queryKey: v2momKeys.detail(id),
    queryFn: ({ signal }) => getV2momComplete(id, signal),
    staleTime: V2MOM_DETAIL_STALE_MS,
    // A missing (or forbidden) V2MOM is a screen state ('V2MOM Not Found'), not a toast.
    meta: { errorToast: false, pollWhileOffline: true },
  });

/** GET /api/v2moms/{id}/complete: the whole document, children in order. */
export function useV2momComplete(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...v2momCompleteQueryOptions(id), ...options });
}

/** 404 and 403 both read 'V2MOM Not Found': it does not exist or the user may not see it. */
export function isV2momNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}
