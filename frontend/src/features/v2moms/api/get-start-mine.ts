import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStartMine } from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

function getStartMine(year: number, signal?: AbortSignal): Promise<TStartMine> {
  return callApi(V2MOM_PATHS.startMyV2mom, { query: { year }, signal });
}

/**
 * GET /api/v2moms/start-mine: where the signed-in person's V2MOM of `year` would be aligned, and
 * theirs if they have one (docs/PRODUCT.md#alignment).
 */
const startMineQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...v2momKeys.all, 'start-mine', year] as const,
    queryFn: ({ signal }) => getStartMine(year, signal),
    meta: { errorToast: false }, // the offer is left out when it cannot be read
  });

export function useStartMine(year: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...startMineQueryOptions(year), ...options });
}
