import { TRUNCATE_AT, truncate } from '../common/text.js';
import type { TObstacleListItem, TSharedObstacle } from './obstacle-page.js';
import type { TObstacle } from './obstacle.schemas.js';

/** What a team-obstacle row needs of a method: its id and description. */
export interface TNamedMethod {
  id: number;
  description: string;
}

/** One obstacle as the team roll-ups show it (docs/PRODUCT.md#team-obstacles). */
export interface TTeamObstacleRow {
  obstacle: TObstacle;
  v2mom: { id: number; title: string };
  /** The obstacle's first linked method, or null. */
  linkedMethod: TNamedMethod | null;
  /** The linked method's description cut at 50 characters plus '...'. */
  linkedMethodText: string | null;
  /** The teams and co-owners of a shared obstacle (docs/PRODUCT.md#shared-obstacles), null for one that stands alone. */
  shared: TSharedObstacle | null;
}

/** One obstacle of the paged list (GET /api/obstacles) as a team roll-up row: only its first linked method counts. */
export function teamObstacleRow(item: TObstacleListItem): TTeamObstacleRow {
  const linkedMethod = item.linkedMethods[0] ?? null;
  return {
    obstacle: item,
    v2mom: { id: item.v2mom.id, title: item.v2mom.title },
    linkedMethod,
    linkedMethodText: linkedMethod ? truncate(linkedMethod.description, TRUNCATE_AT.teamObstacleText) : null,
    shared: item.shared ?? null,
  };
}
