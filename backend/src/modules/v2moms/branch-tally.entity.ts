import { defineEntity, p } from '@mikro-orm/core';
import { V2mom } from './v2mom.entity.js';

/**
 * A V2MOM's branch roll-up (docs/PRODUCT.md#alignment-map): the methods of the V2MOM and of every
 * V2MOM aligned below it, at any depth, counted by status, and their notices that a parent changed
 * not reviewed yet, as the writes leave them. The method, notification and V2MOM tables' triggers
 * (branch-tally.triggers.ts) add each statement's change to the V2MOM and to each of its ancestors,
 * in the statement's own transaction, so the map reads a node's roll-up from these rows instead of
 * counting its branch (the company's is every method of the year). As in method-tally.entity.ts, a
 * statement adds to the row of its connection (`shard`: the PostgreSQL process's id modulo 16), so
 * writes across the company do not queue on the company V2MOM's row; a roll-up is the sum of a
 * V2MOM's rows.
 */
export const BranchTallySchema = defineEntity({
  name: 'BranchTally',
  properties: {
    v2mom: () => p.manyToOne(V2mom).ref().primary().deleteRule('cascade'),
    shard: p.smallint().primary().autoincrement(false),
    not_started: p.integer().default(0),
    in_progress: p.integer().default(0),
    completed: p.integer().default(0),
    at_risk: p.integer().default(0),
    /** Notices that a parent changed, not reviewed yet (docs/PRODUCT.md#parent-changes). */
    unreviewed_parent_changes: p.integer().default(0),
  },
});

export class BranchTally extends BranchTallySchema.class {}
BranchTallySchema.setClass(BranchTally);
