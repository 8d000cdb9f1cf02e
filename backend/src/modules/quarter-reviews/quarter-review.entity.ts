import { defineEntity, p } from '@mikro-orm/core';
import { QUARTER_RESULTS, QUARTERS, WORK_STATUSES } from '@v2mom/contracts';
import { auditProperties } from '../shared/audit.properties.js';
import { Method } from '../methods/method.entity.js';
import { User } from '../users/user.entity.js';
import { scorecardTallyReviewTriggers } from './scorecard-tally.triggers.js';

/**
 * A method's review of one fiscal quarter (docs/PRODUCT.md#quarter-review): the owner's result and
 * reflection, with the quarter's goal and measure and the method's values at its end as they were
 * when reviewed. One per method and quarter; reopening deletes it (the audit log keeps it).
 */
export const QuarterReviewSchema = defineEntity({
  name: 'QuarterReview',
  uniques: [{ properties: ['method', 'year', 'quarter'] }],
  // The quarter scorecard's counts follow each review saved, changed or reopened (scorecard-tally.entity.ts).
  triggers: scorecardTallyReviewTriggers,
  properties: {
    ...auditProperties,
    method: () => p.manyToOne(Method).ref().deleteRule('cascade'),
    /** The method's V2MOM's fiscal year, whose quarter this is. */
    year: p.integer(),
    quarter: p.enum(QUARTERS),
    result: p.enum(QUARTER_RESULTS),
    reflection: p.text(),
    goal: p.text().nullable(),
    measure: p.text().nullable(),
    progress: p.integer(),
    status: p.enum(WORK_STATUSES),
    currentMeasure: p.text().nullable(),
    /** Not a cascade: a deleted person's reviews stay, unattributed. */
    reviewedBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    reviewedAt: p.datetime(),
  },
});

export class QuarterReview extends QuarterReviewSchema.class {}
QuarterReviewSchema.setClass(QuarterReview);
