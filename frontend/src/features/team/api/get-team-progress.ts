import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TTeamProgressPage, TTeamProgressView } from '@v2mom/contracts';
import { TEAM_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { teamKeys } from '../../../lib/query-keys/team-keys';

/** The Team Progress table as the dashboard first shows it: everyone, by name. */
export const FIRST_TEAM_PROGRESS_VIEW: TTeamProgressView = { sort: 'person', dir: 'asc' };

function getTeamProgressPage(view: TTeamProgressView, cursor: string | null, signal?: AbortSignal): Promise<TTeamProgressPage> {
  return callApi(TEAM_PATHS.getTeamProgress, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/**
 * GET /api/team/progress: the people a view holds, a page at a time (docs/PRODUCT.md#paged-lists).
 * A method's change moves one person's figures: the pages held are asked again once per burst
 * (app/live/live-query-rules.ts).
 */
export const teamProgressPagesQueryOptions = (view: TTeamProgressView) =>
  infiniteQueryOptions({
    queryKey: teamKeys.progressPage(view),
    queryFn: ({ pageParam, signal }) => getTeamProgressPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorToast: false }, // the table shows its own error state
  });

export function useTeamProgressPages(view: TTeamProgressView) {
  return usePagedList(useInfiniteQuery(teamProgressPagesQueryOptions(view)));
}
