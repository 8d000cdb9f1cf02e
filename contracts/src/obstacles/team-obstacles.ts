import { TRUNCATE_AT, truncate } from '../common/text.js';
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
  /** The obstacle's first linked method that still exists, or null. */
  linkedMethod: TNamedMethod | null;
  /** The linked method's description cut at 50 characters plus '...'. */
  linkedMethodText: string | null;
}

/**
 * Every obstacle of every V2MOM with its first linked method: only the first id of
 * `linkedMethodIds` counts, looked up among all methods (a missing one reads as none).
 */
export function teamObstacleRows<
  V extends { id: number; title: string; obstacles: readonly TObstacle[]; methods: readonly TNamedMethod[] },
>(v2moms: readonly V[]): TTeamObstacleRow[] {
  const methods = new Map<number, TNamedMethod>();
  for (const v2mom of v2moms) for (const method of v2mom.methods) methods.set(method.id, method);
  const rows: TTeamObstacleRow[] = [];
  for (const v2mom of v2moms) {
    for (const obstacle of v2mom.obstacles) {
      const firstId = obstacle.linkedMethodIds[0];
      const linkedMethod = firstId === undefined ? null : (methods.get(firstId) ?? null);
      rows.push({
        obstacle,
        v2mom: { id: v2mom.id, title: v2mom.title },
        linkedMethod,
        linkedMethodText: linkedMethod ? truncate(linkedMethod.description, TRUNCATE_AT.teamObstacleText) : null,
      });
    }
  }
  return rows;
}
