import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPastRound } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';

function getPastRounds(signal?: AbortSignal): Promise<TPastRound[]> {
  return callApi(ROUND_PATHS.listPastRounds, { signal });
}

/** The rounds that ended, newest first, asked for when their list opens. */
export function usePastRounds(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: roundKeys.past(), queryFn: ({ signal }) => getPastRounds(signal), enabled, meta: { errorToast: false } }));
}
