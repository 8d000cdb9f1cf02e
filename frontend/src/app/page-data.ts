import type { QueryClient } from '@tanstack/react-query';
import { asOfQueryOptions } from '../features/as-of/api/get-as-of';
import { checkInsQueryOptions } from '../features/methods/api/get-check-ins';
import { obstacleHistoryQueryOptions } from '../features/methods/api/get-obstacle-history';
import { cooTrackingCountsQueryOptions } from '../features/methods/api/get-coo-tracking-counts';
import { cooTrackedView, cooViewList, KEY_METRICS_PREVIEW_VIEW, methodPagesQueryOptions } from '../features/methods/api/get-method-page';
import { methodQueryOptions } from '../features/methods/api/get-method';
import { pageTrendsQueryOptions } from '../features/methods/api/get-method-trends';
import { methodsSummaryQueryOptions } from '../features/methods/api/get-methods-summary';
import { currentQuarterReviewOptions } from '../features/quarter-reviews/api/get-current-quarter-review';
import { taskPagesQueryOptions } from '../features/tasks/api/get-task-page';
import { TASKS_FIRST_VIEW } from '../features/tasks/components/task-list/task-filter';
import { obstaclePagesQueryOptions } from '../features/obstacles/api/get-obstacle-page';
import { itemCountsQueryOptions } from '../features/team/api/get-item-counts';
import { itemPagesQueryOptions } from '../features/team/api/get-item-page';
import { itemsListTabOf } from '../features/team/components/items-list/items-list-tabs';
import { FIRST_TEAM_PROGRESS_VIEW, teamProgressPagesQueryOptions } from '../features/team/api/get-team-progress';
import { unseenSummaryQueryOptions } from '../features/unseen/api/get-unseen-summary';
import { departmentsQueryOptions } from '../features/users/api/get-departments';
import type { TMethodPagesView } from '../lib/query-keys/method-keys';

// The queries a page's sections read, started before the page's own chunks arrive. A chunk of its
// own (loaded by pages.tsx), so the entry stays small and these few requests go out first.

/** Every query the dashboard's sections read. */
export function prefetchDashboardData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(methodsSummaryQueryOptions());
  void queryClient.prefetchInfiniteQuery(methodPagesQueryOptions(KEY_METRICS_PREVIEW_VIEW));
  void queryClient.prefetchQuery(cooTrackingCountsQueryOptions());
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

/** The Items List's tab counts without a search, and when it opens on All Items, that tab's first page, by description. */
export function prefetchItemsListData(queryClient: QueryClient, search: URLSearchParams): void {
  void queryClient.prefetchQuery(itemCountsQueryOptions(undefined));
  if (itemsListTabOf(search.get('tab')) === 'all') void queryClient.prefetchInfiniteQuery(itemPagesQueryOptions({ sort: 'description', dir: 'asc' }));
}

/**
 * The first page of COO-tracked methods `view` holds and their counts, and as soon as the page is
 * here the trend lines of its cards: one round trip after the other, both before the page has
 * rendered. Opened as of a past day (`?asOf=`, docs/PRODUCT.md#as-of), that day's values instead,
 * which show no trend lines.
 */
function prefetchTrackedWithTrends(queryClient: QueryClient, view: TMethodPagesView, search: URLSearchParams): void {
  void queryClient.prefetchQuery(cooTrackingCountsQueryOptions());
  const asOf = search.get('asOf');
  if (asOf) {
    void queryClient.prefetchInfiniteQuery(methodPagesQueryOptions(view));
    void queryClient.prefetchQuery(asOfQueryOptions(asOf, search.get('compare'), null));
    return;
  }
  void queryClient.fetchInfiniteQuery(methodPagesQueryOptions(view)).then(
    // Each page's own, the same request its cards make.
    (pages) => pages.pages.forEach((page) => void queryClient.prefetchQuery(pageTrendsQueryOptions(page.rows))),
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

/** Key Metrics: the first page of COO-tracked methods with a key metric, their trend lines, and the server's quarter. */
export function prefetchKeyMetricsData(queryClient: QueryClient, search: URLSearchParams): void {
  prefetchTrackedWithTrends(queryClient, search.get('asOf') ? cooTrackedView({}) : cooTrackedView({ withKeyMetric: true }), search);
  prefetchQuarterClock(queryClient);
}

/** The COO View: the first page of COO-tracked methods, their trend lines, what changed since the viewer last looked, and the server's quarter. */
export function prefetchCooViewData(queryClient: QueryClient, search: URLSearchParams): void {
  prefetchTrackedWithTrends(queryClient, cooViewList(false), search);
  void queryClient.prefetchQuery(unseenSummaryQueryOptions());
  prefetchQuarterClock(queryClient);
}

/** A method's detail, and the first page of the check-ins and the obstacles its progress chart draws. */
export function prefetchMethodDetailData(queryClient: QueryClient, id: number): void {
  void queryClient.prefetchQuery(methodQueryOptions(id));
  void queryClient.prefetchInfiniteQuery(checkInsQueryOptions(id));
  void queryClient.prefetchQuery(obstacleHistoryQueryOptions(id));
}
