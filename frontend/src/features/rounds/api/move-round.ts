import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMoveRound, TRound } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';
import { putRound } from './round-cache';

function moveRound({ id, body }: { id: number; body: TMoveRound }): Promise<TRound> {
  return callApi(ROUND_PATHS.moveRound, { params: { id }, body });
}

/** POST /api/rounds/{id}/move (Skip, Back): a stale move reads the round again, to show where it is. */
export function useMoveRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveRound,
    meta: { errorToast: (error: unknown) => ({ title: 'The round did not move', message: describeError(error) }) },
    onSuccess: (round) => putRound(queryClient, round),
    onError: () => void queryClient.invalidateQueries({ queryKey: roundKeys.active() }),
  });
}
