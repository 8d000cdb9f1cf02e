import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActiveRound } from '@v2mom/contracts';
import { ROUND_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { roundKeys } from '../../../lib/query-keys/round-keys';

function getActiveRound(signal?: AbortSignal): Promise<TActiveRound> {
  return callApi(ROUND_PATHS.getActiveRound, { signal });
}

/** The round under way, if any (docs/PRODUCT.md#the-check-in-round); kept current by its live events. */
export function useActiveRound() {
  return useQuery(
    queryOptions({
      queryKey: roundKeys.active(),
      queryFn: ({ signal }) => getActiveRound(signal),
      staleTime: Infinity,
      meta: { errorToast: false }, // the banner stays away and the panel shows its own error state
    }),
  );
}
