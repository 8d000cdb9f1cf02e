import { TRUNCATE_AT, truncate, type TMethodListItem, type TObstacle, type TObstacleListItem, type TV2momWithWork } from '@v2mom/contracts';
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

export interface ItemsListRows {
  all: AnyItem[];
  methods: TMethodListItem[];
}

/** An obstacle of the paged list as the Obstacles tab shows it. */
export function obstacleItem(row: TObstacleListItem): ObstacleItem {
  return {
    obstacle: row,
    v2mom: { id: row.v2mom.id, title: row.v2mom.title },
    relatedMethods: row.linkedMethods.map((method) => ({ ...method, label: truncate(method.description, TRUNCATE_AT.badge) })),
  };
}

/** The All Items tab's rows, and every method, from every V2MOM with its methods and obstacles. */
export function itemsListRows(v2moms: readonly TV2momWithWork[]): ItemsListRows {
  const methods = v2moms.flatMap((v2mom) => v2mom.methods);
  const all: AnyItem[] = [
    ...methods.map(
      (method): AnyItem => ({
        kind: 'method',
        id: method.id,
        description: method.description,
        v2mom: { id: method.v2mom.id, title: method.v2mom.title },
        owner: method.owner ? personName(method.owner) : null,
        method,
      }),
    ),
    ...v2moms.flatMap((v2mom) =>
      v2mom.obstacles.map(
        (obstacle): AnyItem => ({
          kind: 'obstacle',
          id: obstacle.id,
          description: obstacle.description,
          v2mom: { id: v2mom.id, title: v2mom.title },
          owner: obstacle.owner ? personName(obstacle.owner) : null,
        }),
      ),
    ),
  ];
  return { all, methods };
}
