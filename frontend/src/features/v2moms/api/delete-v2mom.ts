import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAlignedChoice, TApiResponse } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi, describeError } from '../../../lib/api-client';
import type { ToastSpec } from '../../../lib/toast';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

/** `aligned` says what becomes of the V2MOMs aligned to it (docs/PRODUCT.md#deletion). */
function deleteV2mom({ id, aligned }: { id: number; aligned?: TAlignedChoice | undefined }): Promise<TApiResponse<'deleteV2mom'>> {
  return callApi(V2MOM_PATHS.deleteV2mom, { params: { id }, query: aligned ? { aligned } : {} });
}

/** docs/PRODUCT.md#toasts: 'Error' with the server's text, or 'Failed to delete V2MOM'. */
function deleteV2momErrorToast(error: unknown): ToastSpec {
  const serverText = error instanceof ApiError ? (error.serverMessage ?? error.bodyText) : undefined;
  return { title: 'Error', message: serverText || describeError(error, 'Failed to delete V2MOM') };
}

/**
 * DELETE /api/v2moms/{id}. The detail query is dropped so nothing refetches a V2MOM that is gone;
 * the lists, team progress and methods it leaves stale are the live bridge's call, from the
 * deletion's events (docs/PRODUCT.md#live-events).
 * `successToast` differs between the detail screen and the form (docs/PRODUCT.md#toasts).
 */
export function useDeleteV2mom({ successToast }: { successToast: ToastSpec }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteV2mom,
    meta: { successToast, errorToast: deleteV2momErrorToast },
    onSuccess: (_data, { id }) => queryClient.removeQueries({ queryKey: v2momKeys.detail(id) }),
  });
}
