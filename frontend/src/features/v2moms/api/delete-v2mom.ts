import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi, describeError } from '../../../lib/api-client';
import type { ToastSpec } from '../../../lib/toast';
import { methodKeys } from '../../../lib/query-keys/method-keys';
import { teamKeys } from '../../../lib/query-keys/team-keys';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

export function deleteV2mom(id: number): Promise<TApiResponse<'deleteV2mom'>> {
  return callApi(API_PATHS.deleteV2mom, { params: { id } });
}

/** Spec section 8: 'Error' with the server's text, or 'Failed to delete V2MOM'. */
export function deleteV2momErrorToast(error: unknown): ToastSpec {
  const serverText = error instanceof ApiError ? (error.serverMessage ?? error.bodyText) : undefined;
  return { title: 'Error', message: serverText || describeError(error, 'Failed to delete V2MOM') };
}

/**
 * DELETE /api/v2moms/{id}. Afterwards the V2MOM lists, team progress and all methods are stale
 * (spec section 7); the detail query is dropped so nothing refetches a V2MOM that is gone.
 * `successToast` differs between the detail screen and the form (spec section 8).
 */
export function useDeleteV2mom({ successToast }: { successToast: ToastSpec }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteV2mom,
    meta: { successToast, errorToast: deleteV2momErrorToast },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: v2momKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: v2momKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamKeys.progress() }),
        queryClient.invalidateQueries({ queryKey: methodKeys.list() }),
      ]);
    },
  });
}
