import type { QueryClient } from '@tanstack/react-query';
import type { TMethodListItem } from '@v2mom/contracts';
import { asOfQueryOptions } from '../features/as-of/api/get-as-of';
import { checkInsQueryOptions } from '../features/methods/api/get-check-ins';
import { obstacleHistoryQueryOptions } from '../features/methods/api/get-obstacle-history';
import { cooTrackedMethodsQueryOptions } from '../features/methods/api/get-coo-tracked-methods';
import { methodQueryOptions } from '../features/methods/api/get-method';
import { screenTrendsQueryOptions } from '../features/methods/api/get-method-trends';
import { methodsSummaryQueryOptions } from '../features/methods/api/get-methods-summary';
import { hasKeyMetric } from '../features/methods/components/key-metrics/has-key-metric';
import { currentQuarterReviewOptions } from '../features/quarter-reviews/api/get-current-quarter-review';
import { taskPagesQueryOptions } from '../features/tasks/api/get-task-page';
import { TASKS_FIRST_VIEW } from '../features/tasks/components/task-list/task-filter';
import { obstaclePagesQueryOptions } from '../features/obstacles/api/get-obstacle-page';
import { itemCountsQueryOptions } from '../features/team/api/get-item-counts';
import { itemPagesQueryOptions } from '../features/team/api/get-item-page';
import { FIRST_TEAM_PROGRESS_VIEW, teamProgressPagesQueryOptions } from '../features/team/api/get-team-progress';
import { unseenSummaryQueryOptions } from '../features/unseen/api/get-unseen-summary';
import { departmentsQueryOptions } from '../features/users/api/get-departments';

// The queries a page's sections read, started before the page's own chunks arrive. A chunk of its
// own (loaded by pages.tsx), so the entry stays small and these few requests go out first.

/** Every query the dashboard's sections read. */
export function prefetchDashboardData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(methodsSummaryQueryOptions());
  void queryClient.prefetchQuery(cooTrackedMethodsQueryOptions());
  void queryClient.prefetchInfiniteQuery(teamProgressPagesQueryOptions(FIRST_TEAM_PROGRESS_VIEW));
  void queryClient.prefetchQuery(departmentsQueryOptions());
  void queryClient.prefetchQuery(unseenSummaryQueryOptions());
}

/** The task list the Tasks screen reads. */
export function prefetchTasksData(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(taskPagesQueryOptions(TASKS_FIRST_VIEW));
}

/** Team Obstacles opens on the first page of obstacles, by description. */
export function prefetchTeamObstaclesData(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(obstaclePagesQueryOptions({ sort: 'description', dir: 'asc' }));
}

/** The Items List's tab counts without a search, and the All Items tab's first page, by description. */
export function prefetchItemsListData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(itemCountsQueryOptions(undefined));
  void queryClient.prefetchInfiniteQuery(itemPagesQueryOptions({ sort: 'description', dir: 'asc' }));
}

/**
 * The COO-tracked methods, and as soon as they are here the trend lines of those `shown`: one
 * round trip after the other, both before the page has rendered. Opened as of a past day
 * (`?asOf=`, docs/PRODUCT.md#as-of), that day's values instead, which show no trend lines.
 */
function prefetchTrackedWithTrends(queryClient: QueryClient, shown: (method: TMethodListItem) => boolean, search: URLSearchParams): void {
  const asOf = search.get('asOf');
  if (asOf) {
    void queryClient.prefetchQuery(cooTrackedMethodsQueryOptions());
    void queryClient.prefetchQuery(asOfQueryOptions(asOf, search.get('compare'), null));
    return;
  }
  void queryClient.fetchQuery(cooTrackedMethodsQueryOptions()).then(
    (methods) => queryClient.prefetchQuery(screenTrendsQueryOptions(methods.filter(shown))),
    () => {}, // the page shows the list's own error
  );
}

/**
 * The server's now and its quarter open for review: which fiscal year the quarter picker's quarters
 * are of, which a past quarter's outcomes wait for (docs/PRODUCT.md#quarter-review).
 */
function prefetchQuarterClock(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentQuarterReviewOptions());
}

/** Key Metrics: the COO-tracked methods with a measure, their trend lines, and the server's quarter. */
export function prefetchKeyMetricsData(queryClient: QueryClient, search: URLSearchParams): void {
  prefetchTrackedWithTrends(queryClient, hasKeyMetric, search);
  prefetchQuarterClock(queryClient);
}

/** The COO View: every COO-tracked method, their trend lines, what changed since the viewer last looked, and the server's quarter. */
export function prefetchCooViewData(queryClient: QueryClient, search: URLSearchParams): void {
  prefetchTrackedWithTrends(queryClient, () => true, search);
  void queryClient.prefetchQuery(unseenSummaryQueryOptions());
  prefetchQuarterClock(queryClient);
}

/** A method's detail, and the first page of the check-ins and the obstacles its progress chart draws. */
export function prefetchMethodDetailData(queryClient: QueryClient, id: number): void {
  void queryClient.prefetchQuery(methodQueryOptions(id));
  void queryClient.prefetchInfiniteQuery(checkInsQueryOptions(id));
  void queryClient.prefetchQuery(obstacleHistoryQueryOptions(id));
}
