import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRhythm, TUpdateRhythm } from '@v2mom/contracts';
import { RHYTHM_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { putRows } from '../../../lib/live/live-rows';

function updateRhythm(body: TUpdateRhythm): Promise<TRhythm> {
  return callApi(RHYTHM_PATHS.updateRhythm, { body });
}

/** PUT /api/rhythm: the saved rhythm goes into its query; open screens get it from its event. */
export function useUpdateRhythm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRhythm,
    meta: {
      successToast: { title: 'Rhythm saved' },
      errorToast: (error: unknown) => ({ title: 'Failed to save the rhythm', message: error instanceof ApiError ? error.serverMessage : undefined }),
    },
    onSuccess: (row) => void putRows(queryClient, [{ entity: 'rhythm', row }]),
  });
}
