import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoundMinutes } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';

function getRoundMinutes(id: number, signal?: AbortSignal): Promise<TRoundMinutes> {
  return callApi(ROUND_PATHS.getRoundMinutes, { params: { id }, signal });
}

/** An ended round's minutes: kept as they were written, so never stale. */
export function useRoundMinutes(id: number) {
  return useQuery(
    queryOptions({ queryKey: roundKeys.minutes(id), queryFn: ({ signal }) => getRoundMinutes(id, signal), staleTime: Infinity, meta: { errorToast: false } }),
  );
}
