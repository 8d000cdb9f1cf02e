import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Round } from './round.entity.js';

/**
 * One person's turn in a round (docs/PRODUCT.md#the-check-in-round): an owner of methods in the
 * department at `position`, written when the round reaches it, and when they checked in.
 */
export const RoundParticipantSchema = defineEntity({
  name: 'RoundParticipant',
  uniques: [{ properties: ['round', 'position', 'user'] }],
  properties: {
    id: p.integer().primary(),
    round: () => p.manyToOne(Round).ref().deleteRule('cascade'),
    position: p.integer(),
    department: p.string().length(100),
    user: () => p.manyToOne(User).ref().deleteRule('cascade').index(),
    checkedInAt: p.datetime().nullable(),
  },
});

export class RoundParticipant extends RoundParticipantSchema.class {}
RoundParticipantSchema.setClass(RoundParticipant);
