import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import type { TObstacleFilter, TObstacleListItem } from './obstacle-page.js';

/**
 * What a row of GET /api/obstacles (obstacle-page.ts) sorts by and which rows a query holds, for
 * both sides. A module without zod: the screens that list obstacles use it and load no schema.
 */

/** What an obstacles list can be sorted by; `linkedMethod` is the first linked method's description. */
export const OBSTACLE_SORTS = ['description', 'v2mom', 'owner', 'linkedMethod'] as const;
export type TObstacleSort = (typeof OBSTACLE_SORTS)[number];

/** The text an obstacle's search looks in: its description, V2MOM, owner and the methods it names. */
export function obstacleSearchText(obstacle: TObstacleListItem): string {
  return [obstacle.description, obstacle.v2mom.title, obstacle.owner?.name ?? '', ...obstacle.linkedMethods.map((method) => method.description)].join(' ');
}

/** Whether `obstacle` is among the rows `filter` lists. */
export function obstacleMatches(obstacle: TObstacleListItem, filter: TObstacleFilter): boolean {
  return holdsWords(obstacleSearchText(obstacle), searchWords(filter.q));
}

/** What `obstacle` sorts by in `sort`. */
export function obstacleSortKey(obstacle: TObstacleListItem, sort: TObstacleSort): TSortKey {
  switch (sort) {
    case 'description':
      return textKey(obstacle.description);
    case 'v2mom':
      return textKey(obstacle.v2mom.title);
    case 'owner':
      return textKey(obstacle.owner?.name);
    case 'linkedMethod':
      return textKey(obstacle.linkedMethods[0]?.description);
  }
}
