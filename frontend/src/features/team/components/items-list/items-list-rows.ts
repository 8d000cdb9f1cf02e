import { TRUNCATE_AT, truncate, type TItemListItem, type TMethodListItem, type TObstacle, type TObstacleListItem } from '@v2mom/contracts';
import { personName } from '../../../../lib/person-name';

export interface ObstacleItem {
  obstacle: TObstacle;
  v2mom: { id: number; title: string };
  /** The linked methods' descriptions, each cut at 20 characters plus '...'. */
  relatedMethods: Array<{ id: number; label: string; description: string }>;
}

export type AnyItem =
  | { kind: 'method'; id: number; description: string; v2mom: { id: number; title: string }; owner: string | null; method: TMethodListItem }
  | { kind: 'obstacle'; id: number; description: string; v2mom: { id: number; title: string }; owner: string | null };

/** An obstacle of the paged list as the Obstacles tab shows it. */
export function obstacleItem(row: TObstacleListItem): ObstacleItem {
  return {
    obstacle: row,
    v2mom: { id: row.v2mom.id, title: row.v2mom.title },
    relatedMethods: row.linkedMethods.map((method) => ({ ...method, label: truncate(method.description, TRUNCATE_AT.badge) })),
  };
}

/** A row of the All Items list as the tab shows it. */
export function anyItem(row: TItemListItem): AnyItem {
  if (row.kind === 'method') {
    const { method } = row;
    return { kind: 'method', id: method.id, description: method.description, v2mom: method.v2mom, owner: method.owner ? personName(method.owner) : null, method };
  }
  const { obstacle } = row;
  return { kind: 'obstacle', id: obstacle.id, description: obstacle.description, v2mom: obstacle.v2mom, owner: obstacle.owner ? personName(obstacle.owner) : null };
}
