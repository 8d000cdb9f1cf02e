import { defineEntity, p } from '@mikro-orm/core';
import { Method } from '../methods/method.entity.js';
import { Obstacle } from './obstacle.entity.js';

/**
 * The `Obstacle.linkedMethods` pivot, declared only to index `method_id`: the primary key starts
 * with `obstacle_id`, so reading a method's obstacles (every method list) would scan the table.
 */
export const ObstacleLinkedMethodSchema = defineEntity({
  name: 'ObstacleLinkedMethod',
  tableName: 'obstacle_linked_methods',
  properties: {
    obstacle: () => p.manyToOne(Obstacle).primary().deleteRule('cascade').updateRule('cascade'),
    method: () => p.manyToOne(Method).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class ObstacleLinkedMethod extends ObstacleLinkedMethodSchema.class {}
ObstacleLinkedMethodSchema.setClass(ObstacleLinkedMethod);
