import { defineEntity, p } from '@mikro-orm/core';
import { QUARTERS } from '@v2mom/contracts';
import { Department } from '../departments/department.entity.js';

/**
 * The quarter scorecard's counts (docs/PRODUCT.md#quarter-review) as the writes leave them: per
 * fiscal year, quarter and department, how many methods of that year met, partly met or missed
 * that quarter's goal and how many nobody reviewed. Each method of a V2MOM everyone reads counts
 * once in each quarter of its V2MOM's year, in the department of its owner (its V2MOM owner's when
 * it has none). The method, quarter review, V2MOM and user tables' triggers
 * (scorecard-tally.triggers.ts) keep it in each write's own transaction, so the scorecard reads a
 * few of these rows instead of grouping the year's methods. As in methods/method-tally.entity.ts, a
 * statement adds to the rows of its connection (`shard`: the PostgreSQL process's id modulo 16);
 * a department's counts are the sums of its rows. Keyed by the department's id: the scorecard
 * names it as it is named at the read.
 */
export const ScorecardTallySchema = defineEntity({
  name: 'ScorecardTally',
  properties: {
    year: p.integer().primary().autoincrement(false),
    quarter: p.enum(QUARTERS).primary(),
    department: () => p.manyToOne(Department).ref().primary().deleteRule('cascade'),
    shard: p.smallint().primary().autoincrement(false),
    met: p.integer().default(0),
    partly_met: p.integer().default(0),
    missed: p.integer().default(0),
    not_reviewed: p.integer().default(0),
  },
});

export class ScorecardTally extends ScorecardTallySchema.class {}
ScorecardTallySchema.setClass(ScorecardTally);
