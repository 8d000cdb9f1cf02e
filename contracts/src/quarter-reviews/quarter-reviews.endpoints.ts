import { defineEndpoints, RULE_STRUCTURE, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import {
  ZCurrentQuarterReviewSchema,
  ZQuarterResultsRequestSchema,
  ZQuarterResultsSchema,
  ZQuarterReviewSchema,
  ZQuarterScorecardSchema,
  ZSaveQuarterReviewSchema,
} from './quarter-review.schemas.js';
import { QUARTER_REVIEW_PATHS } from './quarter-reviews.paths.js';

/** Quarter reviews and past quarters' results (docs/PRODUCT.md#quarter-review). */
export const QUARTER_REVIEW_ENDPOINTS = defineEndpoints(QUARTER_REVIEW_PATHS, {
  getCurrentQuarterReview: {
    summary: 'The quarter open for review now on the server’s clock, or null between windows',
    tag: 'quarterReviews',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZCurrentQuarterReviewSchema },
  },
  saveQuarterReview: {
    summary: 'Review a method’s quarter while its window is open: result, reflection and a snapshot of the quarter’s end (409 once reviewed)',
    tag: 'quarterReviews',
    access: 'session',
    rule: "The method's owner, or manage_structure",
    body: ZSaveQuarterReviewSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZQuarterReviewSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  reopenQuarterReview: {
    summary: 'Reopen a review (audited): its goal and measure become editable and the owner may review again',
    tag: 'quarterReviews',
    access: 'session',
    rule: RULE_STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZConflictBodySchema },
  },
  getQuarterResults: {
    summary: 'For a quarter and the methods named: goal, measure, values at the quarter’s end and review',
    tag: 'quarterReviews',
    access: 'session',
    body: ZQuarterResultsRequestSchema,
    // A POST for its list of ids (up to a page's rows, 200), too long for a query string; it changes nothing.
    readOnly: true,
    responses: { ...SESSION_READ_RESPONSES, 200: ZQuarterResultsSchema },
  },
  getQuarterScorecard: {
    summary: 'The last finished quarter: methods that met, partly met, missed their goal or were not reviewed, per department',
    tag: 'quarterReviews',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZQuarterScorecardSchema },
  },
});
