import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';

/**
 * How far a person has seen a V2MOM's changes (docs/PRODUCT.md#since-you-last-looked): through
 * which change-log id, marked when. One per person and V2MOM, gone with either.
 */
export const V2momSeenSchema = defineEntity({
  name: 'V2momSeen',
  uniques: [{ properties: ['user', 'v2mom'] }],
  properties: {
    // Said outright (it is MikroORM's default) so the typed builder may insert without an id.
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade'),
    v2mom: () => p.manyToOne(V2mom).ref().deleteRule('cascade').index(),
    /** Not a foreign key: the change log is pruned, the mark stays. 0 when the V2MOM had no logged change. */
    lastChangeId: p.integer(),
    seenAt: p.datetime(),
  },
});

export class V2momSeen extends V2momSeenSchema.class {}
V2momSeenSchema.setClass(V2momSeen);
