import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoundCheckIn, TRoundCheckInResult } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';
import { putCheckIn } from './round-cache';

interface CheckInRoundInput {
  roundId: number;
  position: number;
  body: TRoundCheckIn;
}

function checkInRound({ roundId, body }: CheckInRoundInput): Promise<TRoundCheckInResult> {
  return callApi(ROUND_PATHS.checkInRound, { params: { id: roundId }, body });
}

/** POST /api/rounds/{id}/check-ins: the person's place in the turn goes into the round held; a raised obstacle is a follow-up now. */
export function useCheckInRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInRound,
    meta: {
      successToast: { title: 'Checked in' },
      errorToast: (error: unknown) => ({ title: 'Failed to check in', message: describeError(error) }),
    },
    onSuccess: (result, { roundId, position }) => {
      putCheckIn(queryClient, { roundId, position, participant: result.participant });
      if (result.followUp) void queryClient.invalidateQueries({ queryKey: roundKeys.followUps() });
    },
  });
}
