import { defineEntity, p } from '@mikro-orm/core';
import { QUARTERS, ROUND_STATUSES, type TRoundMinutes } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';

/**
 * A check-in round of the COO meeting (docs/PRODUCT.md#the-check-in-round): the departments it
 * walks, in order, and where it stands. At most one is active (a unique partial index); each of
 * the presenter's moves raises its version, so two presenters' clicks at once cannot both land.
 * Its minutes are written when it ends and kept with it.
 */
export const RoundSchema = defineEntity({
  name: 'Round',
  indexes: [
    {
      name: 'round_one_active_index',
      expression: `create unique index "round_one_active_index" on "round" ("status") where "status" = 'active'`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    year: p.integer(),
    quarter: p.enum(QUARTERS),
    status: p.enum(ROUND_STATUSES),
    /** Null once the person is deleted; `presenterName` keeps who it was for the minutes. */
    presenter: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    presenterName: p.string().length(200),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    departments: p.array().$type<string[]>(),
    position: p.integer(),
    minutes: p.json<TRoundMinutes>().nullable(),
    version: p.integer().version(),
  },
});

export class Round extends RoundSchema.class {}
RoundSchema.setClass(Round);
