import type { TObstacleListView } from '@v2mom/contracts';

/** The obstacles feature's query keys (see v2mom-keys.ts for why there is one factory per feature). */
export const obstacleKeys = {
  all: ['obstacles'] as const,
  /** Every paged obstacles list (prefix of page). */
  pages: () => [...obstacleKeys.all, 'pages'] as const,
  /** GET /api/obstacles, page after page: the list a view asks for. */
  page: (view: TObstacleListView) => [...obstacleKeys.pages(), view] as const,
  /** Every `Same obstacle as…` picker's search (prefix of joinable). */
  searches: () => [...obstacleKeys.all, 'joinable'] as const,
  /** The `Same obstacle as…` picker's search: the obstacles `obstacleId` may join, for the words typed. */
  joinable: (search: { obstacleId: number; q: string }) => [...obstacleKeys.searches(), search] as const,
};
