import { defineEntity, p } from '@mikro-orm/core';
import { textSortIndex } from '../../db/keyset.js';
import { trigramIndex } from '../../db/search.js';
import { auditProperties } from '../shared/audit.properties.js';
import { Method } from '../methods/method.entity.js';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { ObstacleLinkedMethod } from './obstacle-linked-method.entity.js';
import { obstacleTallyTriggers } from './obstacle-tally.triggers.js';

const JOINED_INDEX = 'obstacle_joined_to_id_index';

export const ObstacleSchema = defineEntity({
  name: 'Obstacle',
  // The obstacles list pages by description and searches it (docs/PRODUCT.md#paged-lists).
  indexes: [
    textSortIndex('obstacle', 'description'),
    trigramIndex('obstacle', ['description']),
    // The obstacles joined to a shared one (docs/PRODUCT.md#shared-obstacles), the few there are:
    // an index of every obstacle's would offer the planner the lists' `joined_to_id is null`, which
    // holds almost every row, in place of the search's own indexes.
    { name: JOINED_INDEX, expression: `create index "${JOINED_INDEX}" on "obstacle" ("joined_to_id") where "joined_to_id" is not null` },
    // The meeting brief's obstacles open longest (docs/PRODUCT.md#meeting-brief): the first few in
    // the order they were added, not the whole company's sorted.
    { name: 'obstacle_created_at_id_index', properties: ['createdAt', 'id'] },
  ],
  // The Items List's unfiltered count of obstacles is a tally its writes keep (obstacle-tally.entity.ts).
  triggers: obstacleTallyTriggers,
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
    joinedTo: () => p.manyToOne(Obstacle).ref().nullable().deleteRule('set null'),
    linkedMethods: () => p.manyToMany(Method).pivotEntity(() => ObstacleLinkedMethod).owner(),
  },
});

export class Obstacle extends ObstacleSchema.class {}
ObstacleSchema.setClass(Obstacle);
