import type { QueryClient } from '@tanstack/react-query';
import { checkInsQueryOptions } from '../features/methods/api/get-check-ins';
import { cooTrackedMethodsQueryOptions } from '../features/methods/api/get-coo-tracked-methods';
import { methodQueryOptions } from '../features/methods/api/get-method';
import { methodsQueryOptions } from '../features/methods/api/get-methods';
import { tasksQueryOptions } from '../features/tasks/api/get-tasks';
import { teamProgressQueryOptions } from '../features/team/api/get-team-progress';
import { v2momsCompleteQueryOptions } from '../features/team/api/get-v2moms-complete';
import { departmentsQueryOptions } from '../features/users/api/get-departments';

// The queries a page's sections read, started before the page's own chunks arrive. A chunk of its
// own (loaded by pages.tsx), so the entry stays small and these few requests go out first.

/** Every query the dashboard's sections read. */
export function prefetchDashboardData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(methodsQueryOptions());
  void queryClient.prefetchQuery(cooTrackedMethodsQueryOptions());
  void queryClient.prefetchQuery(teamProgressQueryOptions());
  void queryClient.prefetchQuery(departmentsQueryOptions());
}

/** The task list the Tasks screen reads. */
export function prefetchTasksData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(tasksQueryOptions());
}

/** Items List and Team Obstacles read every V2MOM with its methods and obstacles. */
export function prefetchRollupData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(v2momsCompleteQueryOptions());
}

/** Key Metrics reads the COO-tracked methods. */
export function prefetchKeyMetricsData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(cooTrackedMethodsQueryOptions());
}

/** A method's detail, and the first page of the check-ins its progress chart draws. */
export function prefetchMethodDetailData(queryClient: QueryClient, id: number): void {
  void queryClient.prefetchQuery(methodQueryOptions(id));
  void queryClient.prefetchInfiniteQuery(checkInsQueryOptions(id));
}
