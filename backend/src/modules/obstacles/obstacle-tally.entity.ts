import { defineEntity, p } from '@mikro-orm/core';

/**
 * How many obstacles the lists show, a shared obstacle once and those joined to it not
 * (docs/PRODUCT.md#shared-obstacles), as the writes leave them: the Items List's unfiltered count
 * reads these few rows instead of counting 40,000 obstacles. The obstacle table's triggers
 * (obstacle-tally.triggers.ts) keep it in each write's own transaction; as in
 * methods/method-tally.entity.ts, a statement adds its change to the row of its connection
 * (`shard`: the PostgreSQL process's id modulo 256), and the count is the sum.
 */
export const ObstacleTallySchema = defineEntity({
  name: 'ObstacleTally',
  properties: {
    shard: p.smallint().primary().autoincrement(false),
    listed: p.integer().default(0),
  },
});

export class ObstacleTally extends ObstacleTallySchema.class {}
ObstacleTallySchema.setClass(ObstacleTally);
