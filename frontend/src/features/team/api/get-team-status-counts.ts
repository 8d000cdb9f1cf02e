import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTeamStatusCounts } from '@v2mom/contracts';
import { TEAM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys/team-keys';

function getTeamStatusCounts(department: string, signal?: AbortSignal): Promise<TTeamStatusCounts> {
  return callApi(TEAM_PATHS.countTeamStatus, { query: { department }, signal });
}

/**
 * GET /api/team/status-counts: how many methods a department has, and how many are stale, counted
 * by the server (docs/PRODUCT.md#team-status-screen); asked again once per burst of method changes.
 */
export function useTeamStatusCounts(department: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: teamKeys.statusCountsOf(department),
      queryFn: ({ signal }) => getTeamStatusCounts(department, signal),
      enabled,
      meta: { errorToast: false }, // the figures show a dash instead
    }),
  );
}
