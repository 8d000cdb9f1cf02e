import { defineEntity, p } from '@mikro-orm/core';
import { Method } from '../methods/method.entity.js';
import { User } from '../users/user.entity.js';
import { Round } from './round.entity.js';

/**
 * An obstacle raised in a round (docs/PRODUCT.md#the-check-in-round): its owner's, due a week
 * later, on their My Methods until they acknowledge it.
 */
export const FollowUpSchema = defineEntity({
  name: 'FollowUp',
  // A person's open follow-ups, soonest due first: My Methods' read.
  indexes: [{ properties: ['owner', 'dueAt'] }],
  properties: {
    id: p.integer().primary(),
    round: () => p.manyToOne(Round).ref().deleteRule('cascade').index(),
    owner: () => p.manyToOne(User).ref().deleteRule('cascade'),
    method: () => p.manyToOne(Method).ref().nullable().deleteRule('set null').index(),
    description: p.text(),
    dueAt: p.datetime(),
    createdAt: p.datetime(),
    acknowledgedAt: p.datetime().nullable(),
    version: p.integer().version(),
  },
});

export class FollowUp extends FollowUpSchema.class {}
FollowUpSchema.setClass(FollowUp);
