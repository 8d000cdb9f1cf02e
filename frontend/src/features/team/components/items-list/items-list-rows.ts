import { teamObstacleRows, TRUNCATE_AT, truncate, type TMethodListItem, type TObstacle, type TTeamObstacleRow, type TV2momWithWork } from '@v2mom/contracts';
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
  obstacles: ObstacleItem[];
  teamObstacles: TTeamObstacleRow[];
  /** Methods with any of their measures set. */
  measures: TMethodListItem[];
}

const MEASURE_FIELDS = ['measure', 'currentMeasure', 'q1Measure', 'q2Measure', 'q3Measure', 'q4Measure'] as const;

/** Whether a method has any measure to list on the Measures tab. */
function hasAnyMeasure(method: TMethodListItem): boolean {
  return MEASURE_FIELDS.some((field) => Boolean(method[field]?.trim()));
}

/** The rows of every tab of the Items List, from every V2MOM with its methods and obstacles. */
export function itemsListRows(v2moms: readonly TV2momWithWork[]): ItemsListRows {
  const methods = v2moms.flatMap((v2mom) => v2mom.methods);
  const byId = new Map(methods.map((method) => [method.id, method]));
  const obstacles = v2moms.flatMap((v2mom) =>
    v2mom.obstacles.map(
      (obstacle): ObstacleItem => ({
        obstacle,
        v2mom: { id: v2mom.id, title: v2mom.title },
        relatedMethods: obstacle.linkedMethodIds.flatMap((id) => {
          const method = byId.get(id);
          return method ? [{ id, label: truncate(method.description, TRUNCATE_AT.badge), description: method.description }] : [];
        }),
      }),
    ),
  );
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
    ...obstacles.map(
      (item): AnyItem => ({
        kind: 'obstacle',
        id: item.obstacle.id,
        description: item.obstacle.description,
        v2mom: item.v2mom,
        owner: item.obstacle.owner ? personName(item.obstacle.owner) : null,
      }),
    ),
  ];
  return { all, methods, obstacles, teamObstacles: teamObstacleRows(v2moms), measures: methods.filter(hasAnyMeasure) };
}
