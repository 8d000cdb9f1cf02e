import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTeamProgressSchema, type TTeamProgress } from '@v2mom/contracts';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys/team-keys';

export function getTeamProgress(signal?: AbortSignal): Promise<TTeamProgress> {
  return apiRequest('/api/team/progress', { schema: ZTeamProgressSchema, signal });
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
