import { z } from 'zod';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import {
  TEXT_LIMITS,
  requiredText,
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZPercentSchema,
  ZQuarterSchema,
  ZUpdatedBySchema,
  ZUserRefSchema,
  ZVersionSchema,
  ZWorkStatusSchema,
} from '../common/fields.schemas.js';
import { ZYearSchema } from '../v2moms/v2mom.schemas.js';
import { ZItemConflictBodySchema } from '../v2moms/year-end.js';
import { QUARTER_RESULTS, QUARTER_RESULTS_MAX_METHODS } from './quarter-review.rules.js';

/** How a method's quarter went against its goal (docs/PRODUCT.md#quarter-review): quarter-review.rules.ts. */
export const ZQuarterResultSchema = z.enum(QUARTER_RESULTS, { error: 'Choose Met, Partly met or Missed' });

/** A method's values at a quarter's end: its last check-in's by then (docs/PRODUCT.md#trends). */
export const ZQuarterEndValuesSchema = z.object({
  progress: ZPercentSchema,
  status: ZWorkStatusSchema,
  currentMeasure: z.string().nullable(),
});
export type TQuarterEndValues = z.infer<typeof ZQuarterEndValuesSchema>;

/** A saved review: the owner's result and reflection, with the quarter as it was reviewed. */
export const ZQuarterReviewSchema = ZQuarterEndValuesSchema.extend({
  id: ZIdSchema,
  version: ZVersionSchema,
  methodId: ZIdSchema,
  year: z.number().int(),
  quarter: ZQuarterSchema,
  result: ZQuarterResultSchema,
  reflection: z.string(),
  /** The quarter's goal and measure when it was reviewed. */
  goal: z.string().nullable(),
  measure: z.string().nullable(),
  reviewedBy: ZUserRefSchema.nullable(),
  reviewedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TQuarterReview = z.infer<typeof ZQuarterReviewSchema>;

/** The quarter open for review now, with its window's instants; null between windows. */
export const ZCurrentQuarterReviewSchema = z.object({
  open: z
    .object({
      year: z.number().int(),
      quarter: ZQuarterSchema,
      opensAt: ZIsoDateTimeSchema,
      endsAt: ZIsoDateTimeSchema,
      closesAt: ZIsoDateTimeSchema,
    })
    .nullable(),
  /** The server's clock now: what the window was decided by. */
  now: ZIsoDateTimeSchema,
});
export type TCurrentQuarterReview = z.infer<typeof ZCurrentQuarterReviewSchema>;

/** POST /api/quarter-reviews: review one method's quarter; only the quarter open now. */
export const ZSaveQuarterReviewSchema = z.object({
  methodId: ZIdSchema,
  year: ZYearSchema,
  quarter: ZQuarterSchema,
  result: ZQuarterResultSchema,
  reflection: requiredText(TEXT_LIMITS.description, 'Write a short reflection'),
});
export type TSaveQuarterReview = z.infer<typeof ZSaveQuarterReviewSchema>;

/** POST /api/quarter-results. */
export const ZQuarterResultsRequestSchema = z.object({
  year: ZYearSchema,
  quarter: ZQuarterSchema,
  methodIds: z.array(ZIdSchema).max(QUARTER_RESULTS_MAX_METHODS, `At most ${QUARTER_RESULTS_MAX_METHODS.toLocaleString('en-US')} methods at once`),
});
export type TQuarterResultsRequest = z.infer<typeof ZQuarterResultsRequestSchema>;

/** One method's quarter: its goal and measure now, its values at the quarter's end (now, before it ends), and its review. */
export const ZQuarterMethodResultSchema = z.object({
  methodId: ZIdSchema,
  goal: z.string().nullable(),
  measure: z.string().nullable(),
  atEnd: ZQuarterEndValuesSchema,
  review: ZQuarterReviewSchema.nullable(),
});
export type TQuarterMethodResult = z.infer<typeof ZQuarterMethodResultSchema>;

/**
 * One method's past quarter as a card shows it, naming nobody: its goal and measure, its values at
 * the end, and the review's result, reflection, goal and measure. A meeting-room screen reads this.
 */
export const ZQuarterOutcomeSchema = ZQuarterMethodResultSchema.extend({
  review: ZQuarterReviewSchema.pick({ result: true, reflection: true, goal: true, measure: true }).nullable(),
});
export type TQuarterOutcome = z.infer<typeof ZQuarterOutcomeSchema>;

export const ZQuarterResultsSchema = z.object({
  year: z.number().int(),
  quarter: ZQuarterSchema,
  endsAt: ZIsoDateTimeSchema,
  /** Whether the quarter had ended at the server's now. */
  ended: z.boolean(),
  /** Methods of the quarter's fiscal year only; other ids are left out. */
  methods: z.array(ZQuarterMethodResultSchema),
});
export type TQuarterResults = z.infer<typeof ZQuarterResultsSchema>;

export const ZScorecardCountsSchema = z.object({
  met: z.number().int(),
  partlyMet: z.number().int(),
  missed: z.number().int(),
  notReviewed: z.number().int(),
});
export type TScorecardCounts = z.infer<typeof ZScorecardCountsSchema>;

/** GET /api/quarter-scorecard: the last finished quarter's results, per department. */
export const ZQuarterScorecardSchema = z.object({
  year: z.number().int(),
  quarter: ZQuarterSchema,
  endsAt: ZIsoDateTimeSchema,
  departments: z.array(ZScorecardCountsSchema.extend({ department: z.string() })),
  total: ZScorecardCountsSchema,
});
export type TQuarterScorecard = z.infer<typeof ZQuarterScorecardSchema>;

/** 409 body of a write that would change a reviewed quarter's goal or measure. */
export const ZQuarterReviewedBodySchema = ZErrorBodySchema.extend({
  code: z.literal('quarter_reviewed'),
  reviewed: z.array(z.object({ methodId: ZIdSchema, quarter: ZQuarterSchema })),
});
export type TQuarterReviewedBody = z.infer<typeof ZQuarterReviewedBodySchema>;

/** 409 of a write that may change quarters' goals: a stale version, a closed year, or a reviewed quarter. */
export const ZGoalWriteConflictBodySchema = ZItemConflictBodySchema.or(ZQuarterReviewedBodySchema);
