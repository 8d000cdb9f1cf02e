import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEndRound, TRound } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';
import { putRound } from './round-cache';

function endRound({ id, body }: { id: number; body: TEndRound }): Promise<TRound> {
  return callApi(ROUND_PATHS.endRound, { params: { id }, body });
}

/** POST /api/rounds/{id}/end: the minutes are kept and sent; the panel goes. */
export function useEndRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endRound,
    meta: {
      successToast: { title: 'Round ended', message: 'Its minutes were sent to the attendees.' },
      errorToast: (error: unknown) => ({ title: 'The round did not end', message: describeError(error) }),
    },
    onSuccess: (round) => putRound(queryClient, round),
    onError: () => void queryClient.invalidateQueries({ queryKey: roundKeys.active() }),
  });
}
