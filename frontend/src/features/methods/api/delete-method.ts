import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi, describeError } from '../../../lib/api-client';
import { methodKeys } from '../../../lib/query-keys/method-keys';

interface DeleteMethodInput {
  id: number;
  /** The version the user saw: a method changed since answers 409 instead of going. */
  version: number;
}

function deleteMethod({ id, version }: DeleteMethodInput): Promise<TApiResponse<'deleteMethod'>> {
  return callApi(METHOD_PATHS.deleteMethod, { params: { id }, query: { version: String(version) } });
}

/**
 * DELETE /api/methods/{id} (manage_structure). The detail query is dropped so nothing refetches a
 * method that is gone; the lists drop the row when the deletion's event arrives (docs/PRODUCT.md#live-events).
 * Toasts: 'Method and its measures deleted successfully'; 'Error' with the server's text or
 * 'Failed to delete method'.
 */
export function useDeleteMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMethod,
    meta: {
      successToast: { title: 'Method and its measures deleted successfully' },
      errorToast: (error) => {
        const serverText = error instanceof ApiError ? (error.serverMessage ?? error.bodyText) : undefined;
        return { title: 'Error', message: serverText || describeError(error, 'Failed to delete method') };
      },
    },
    onSuccess: (_answer, { id }) => queryClient.removeQueries({ queryKey: methodKeys.detail(id) }),
  });
}
