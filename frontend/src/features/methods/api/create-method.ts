import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateMethod, TMethodListItem } from '@v2mom/contracts';
import { METHOD_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi, describeError } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';
import type { ToastSpec } from '../../../lib/toast';

function createMethod(input: TCreateMethod): Promise<TMethodListItem> {
  return callApi(METHOD_PATHS.createMethod, { body: input });
}

/** A refusal names who may create methods; any other failure says what went wrong. */
function creationFailure(error: unknown): ToastSpec {
  const message = describeError(error);
  return error instanceof ApiError && error.status === 403 ? { title: 'Permission denied', message } : { title: 'Failed to create method', message };
}

/**
 * POST /api/methods with its obstacles, one transaction (docs/PRODUCT.md#add-method). The new
 * method goes into the cache; what else it makes stale the live bridge decides from the events.
 */
export function useCreateMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMethod,
    meta: {
      successToast: { title: 'Method created successfully' },
      errorToast: creationFailure,
    },
    onSuccess: (created) => void putRows(queryClient, [{ entity: 'method', row: created }]),
  });
}
