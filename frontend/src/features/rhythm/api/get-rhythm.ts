import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRhythm } from '@v2mom/contracts';
import { RHYTHM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { rhythmKeys } from '../../../lib/query-keys/rhythm-keys';

function getRhythm(signal?: AbortSignal): Promise<TRhythm> {
  return callApi(RHYTHM_PATHS.getRhythm, { signal });
}

/** GET /api/rhythm: the company's rhythm (docs/PRODUCT.md#rhythm); a change arrives live and replaces it. */
const rhythmQueryOptions = () =>
  queryOptions({
    queryKey: rhythmKeys.current(),
    queryFn: ({ signal }) => getRhythm(signal),
    staleTime: Infinity,
    // The Rhythm tab shows its own error; the team screens show their lists without stale marks.
    meta: { errorToast: false },
  });

export function useRhythm() {
  return useQuery(rhythmQueryOptions());
}
