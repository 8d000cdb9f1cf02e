import { defineEntity, p } from '@mikro-orm/core';
import { textSortIndex } from '../../db/keyset.js';
import { trigramIndex } from '../../db/search.js';
import { auditProperties } from '../shared/audit.properties.js';
import { Method } from '../methods/method.entity.js';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { ObstacleLinkedMethod } from './obstacle-linked-method.entity.js';

export const ObstacleSchema = defineEntity({
  name: 'Obstacle',
  // The obstacles list pages by description and searches it (docs/PRODUCT.md#paged-lists).
  indexes: [textSortIndex('obstacle', 'description'), trigramIndex('obstacle', ['description'])],
  properties: {
    ...auditProperties,
    v2mom: () => p.manyToOne(V2mom).ref().deleteRule('cascade').index(),
    description: p.text(),
    /** The API calls it `order`, which SQL reserves. */
    position: p.integer().default(0),
    owner: () => p.manyToOne(User).ref().nullable().deleteRule('set null').index(),
    impact: p.text().nullable(),
    mitigation: p.text().nullable(),
    /** The shared obstacle this one is the same as, in another department (docs/PRODUCT.md#shared-obstacles). */
    joinedTo: () => p.manyToOne(Obstacle).ref().nullable().deleteRule('set null').index(),
    linkedMethods: () => p.manyToMany(Method).pivotEntity(() => ObstacleLinkedMethod).owner(),
  },
});

export class Obstacle extends ObstacleSchema.class {}
ObstacleSchema.setClass(Obstacle);
