import { defineEntity, p } from '@mikro-orm/core';

/**
 * The open methods (not completed) of each fiscal year counted by the UTC day of their last
 * check-in, their creation when they have none (docs/PRODUCT.md#stale-marks), and of those the ones
 * with a measure: the Items List's counts of stale methods and stale measures sum the days before
 * the stale rule's day instead of reading every open method of the year (team/item-counts.read.ts).
 * The method and V2MOM tables' triggers (method-day-tally.triggers.ts) keep it in each write's own
 * transaction. As in
 * method-tally.entity.ts, a statement adds to the rows of its connection (`shard`: the PostgreSQL
 * process's id modulo 16), so the check-ins of one day do not queue on one row; a day's count is
 * the sum of its rows.
 */
export const MethodDayTallySchema = defineEntity({
  name: 'MethodDayTally',
  properties: {
    year: p.integer().primary().autoincrement(false),
    day: p.date().primary(),
    shard: p.smallint().primary().autoincrement(false),
    open: p.integer().default(0),
    /** Of those, the ones with a measure: the Items List's stale measures. */
    measured: p.integer().default(0),
  },
});

export class MethodDayTally extends MethodDayTallySchema.class {}
MethodDayTallySchema.setClass(MethodDayTally);
