import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMethod, TMethodListItem, TMethodProgressUpdate } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';
import { methodKeys } from '../../../lib/query-keys/method-keys';

interface UpdateMethodInput {
  id: number;
  /** The progress fields and the version the edit started from (a stale one answers 409). */
  body: TMethodProgressUpdate;
}

function updateMethod({ id, body }: UpdateMethodInput): Promise<TMethod> {
  return callApi(METHOD_PATHS.updateMethod, { params: { id }, body });
}

/** The cached list row of a method, for the read-side extras a stored row does not carry. */
function heldRow(rows: readonly (readonly TMethodListItem[] | undefined)[], id: number): TMethodListItem | undefined {
  for (const list of rows) {
    const row = list?.find((candidate) => candidate.id === id);
    if (row) return row;
  }
  return undefined;
}

/**
 * PUT /api/methods/{id} with the progress fields only (docs/PRODUCT.md#my-methods-and-tasks).
 * The saved row goes into every cached query holding it; what else it makes stale is the live
 * bridge's call. Toasts: 'Method updated successfully' / 'Failed to update method'.
 */
export function useUpdateMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMethod,
    meta: {
      successToast: { title: 'Method updated successfully' },
      errorToast: (error) => ({ title: 'Failed to update method', message: describeError(error) }),
    },
    onSuccess: (saved) => {
      const lists = queryClient.getQueriesData<TMethodListItem[]>({ queryKey: methodKeys.ofUsers() }).map(([, data]) => data);
      const held = heldRow(lists, saved.id);
      if (held) putRows(queryClient, [{ entity: 'method', row: { ...held, ...saved } }]);
    },
  });
}
