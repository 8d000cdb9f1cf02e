import { defineEntity, p } from '@mikro-orm/core';

/**
 * The company's methods counted by status, and those with a measure, as the writes leave them
 * (docs/PRODUCT.md#progress): the dashboard's figures and the Items List's unfiltered counts read
 * these few rows instead of counting 100,000 methods each time. The method table's triggers
 * (method-tally.triggers.ts) keep it in the very transaction of each write, so it is never behind
 * what a reader of the methods sees. A statement adds its change to the row of its connection
 * (`shard`: the PostgreSQL process's id modulo 256), so writes on different connections do not
 * queue on one row, and a transaction only ever locks that one row; the counts are the sums.
 */
export const MethodTallySchema = defineEntity({
  name: 'MethodTally',
  properties: {
    shard: p.smallint().primary().autoincrement(false),
    not_started: p.integer().default(0),
    in_progress: p.integer().default(0),
    completed: p.integer().default(0),
    at_risk: p.integer().default(0),
    /** With a measure of any kind (`anyMeasure`, method-page.read.ts). */
    measured: p.integer().default(0),
  },
});

export class MethodTally extends MethodTallySchema.class {}
MethodTallySchema.setClass(MethodTally);
