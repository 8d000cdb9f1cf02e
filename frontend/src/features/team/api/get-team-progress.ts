import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTeamProgress } from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys/team-keys';

function getTeamProgress(signal?: AbortSignal): Promise<TTeamProgress> {
  return callApi(API_PATHS.getTeamProgress, { signal });
}

export const teamProgressQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.progress(),
    queryFn: ({ signal }) => getTeamProgress(signal),
    meta: { errorToast: false }, // the table shows its own error state
  });

export function useTeamProgress() {
  return useQuery(teamProgressQueryOptions());
}
