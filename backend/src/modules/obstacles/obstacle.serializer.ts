import type { TObstacle } from '@v2mom/contracts';
import { auditFields, toUserRef } from '../shared/audit.serializer.js';
import type { Obstacle } from './obstacle.entity.js';

/** Relations `toObstacle` reads; embedding obstacles elsewhere, populate them under the parent. */
export const OBSTACLE_READ_POPULATE = ['owner', 'linkedMethods', 'updatedBy'] as const;

/** An obstacle as every read side shows it (ZObstacleSchema). */
export function toObstacle(obstacle: Obstacle): TObstacle {
  const owner = obstacle.owner?.getEntity();
  return {
    id: obstacle.id,
    ...auditFields(obstacle),
    v2momId: obstacle.v2mom.id,
    description: obstacle.description,
    order: obstacle.position,
    linkedMethodIds: obstacle.linkedMethods.getIdentifiers<number>().toSorted((a, b) => a - b),
    ownerId: owner?.id ?? null,
    impact: obstacle.impact ?? null,
    mitigation: obstacle.mitigation ?? null,
    owner: owner ? toUserRef(owner) : null,
  };
}
