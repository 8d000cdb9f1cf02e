import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFollowUp } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';

function getMyFollowUps(signal?: AbortSignal): Promise<TFollowUp[]> {
  return callApi(ROUND_PATHS.listMyFollowUps, { signal });
}

/** The signed-in person's follow-ups still to acknowledge, soonest due first. */
export function useMyFollowUps() {
  return useQuery(queryOptions({ queryKey: roundKeys.followUps(), queryFn: ({ signal }) => getMyFollowUps(signal), meta: { errorToast: false } }));
}
