import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFollowUp } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';

function acknowledgeFollowUp({ id, version }: { id: number; version: number }): Promise<TFollowUp> {
  return callApi(ROUND_PATHS.acknowledgeFollowUp, { params: { id }, body: { version } });
}

/** POST /api/follow-ups/{id}/acknowledge: the follow-up leaves the list. */
export function useAcknowledgeFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeFollowUp,
    meta: {
      successToast: { title: 'Follow-up acknowledged' },
      errorToast: (error: unknown) => ({ title: 'Failed to acknowledge the follow-up', message: describeError(error) }),
    },
    onSuccess: (acknowledged) => queryClient.setQueryData<TFollowUp[]>(roundKeys.followUps(), (held) => held?.filter((followUp) => followUp.id !== acknowledged.id)),
  });
}
