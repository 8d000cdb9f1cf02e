import type { TTaskFilter, TTaskListView } from '@v2mom/contracts';

/** The tasks feature's query keys. */
export const taskKeys = {
  all: ['tasks'] as const,
  /** Every paged tasks list (prefix of page). */
  pages: () => [...taskKeys.all, 'pages'] as const,
  /** GET /api/tasks, page after page: the list a view asks for. */
  page: (view: TTaskListView) => [...taskKeys.pages(), view] as const,
  /** Every task count (prefix of count). */
  counts: () => [...taskKeys.all, 'count'] as const,
  /** GET /api/tasks/count */
  count: (filter: TTaskFilter) => [...taskKeys.counts(), filter] as const,
  /** Every user's task list (prefix of ofUser). */
  ofUsers: () => [...taskKeys.all, 'of-user'] as const,
  /** GET /api/tasks/user/{userId} */
  ofUser: (userId: number) => [...taskKeys.ofUsers(), userId] as const,
};
