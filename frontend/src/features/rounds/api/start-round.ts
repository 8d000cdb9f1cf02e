import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRound, TStartRound } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putRound } from './round-cache';

function startRound(body: TStartRound): Promise<TRound> {
  return callApi(ROUND_PATHS.startRound, { body });
}

/** POST /api/rounds: the new round becomes the panel's. */
export function useStartRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRound,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to start the round', message: describeError(error) }) },
    onSuccess: (round) => putRound(queryClient, round),
  });
}
