import { defineEndpoints, RULE_OWNER_OR_STRUCTURE, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES, RULE_STRUCTURE } from '../api/endpoint.js';
import { ZGoalWriteConflictBodySchema } from '../quarter-reviews/quarter-review.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import { ZCreateMethodSchema, ZMethodFeedSchema, ZUpdateMethodSchema } from './method-write.schemas.js';
import { ZMethodDetailSchema, ZMethodListItemSchema, ZMethodSchema, ZMethodsSummarySchema } from './method.schemas.js';
import { METHOD_PATHS } from './methods.paths.js';
import { ZSupportersPageSchema, ZSupportersQuerySchema } from './supporters.schemas.js';
import { ZMethodPageQuerySchema, ZMethodPageSchema } from './method-page.js';
import { ZCooTrackingCountsSchema } from './coo-tracking-counts.js';
import { ZClosedYearBodySchema, ZItemConflictBodySchema } from '../v2moms/year-end.js';

export const METHOD_ENDPOINTS = defineEndpoints(METHOD_PATHS, {
  listMethodPage: {
    summary: 'A page of methods, filtered by a search, a V2MOM, an owner or having a measure, in the order asked',
    tag: 'methods',
    access: 'session',
    query: ZMethodPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZMethodPageSchema },
  },
  getMethodsSummary: {
    summary: "How many methods there are, on track, completed and at risk: the dashboard's summary",
    tag: 'methods',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZMethodsSummarySchema },
  },
  getCooTrackingCounts: {
    summary: 'How many methods are marked for COO tracking, how many of them have a key metric, and how many of each are stale: counted in one statement',
    tag: 'methods',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZCooTrackingCountsSchema },
  },
  getMethodComplete: {
    summary: 'One method with linked values, obstacles and the methods linking to it',
    tag: 'methods',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZMethodDetailSchema, 404: ZErrorBodySchema },
  },
  listMethodSupporters: {
    summary: 'A page of the methods that support one, with their V2MOM, owner and progress',
    tag: 'methods',
    access: 'session',
    params: ZIdParamsSchema,
    query: ZSupportersQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZSupportersPageSchema, 404: ZErrorBodySchema },
  },
  createMethod: {
    summary: 'Create a method (Add Method) and, optionally, obstacles linked to it, in one transaction',
    tag: 'methods',
    access: 'session',
    rule: RULE_STRUCTURE,
    body: ZCreateMethodSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZMethodListItemSchema, 409: ZClosedYearBodySchema },
  },
  updateMethod: {
    summary: "Change a method; a progress-only body is also open to the method's owner (409 when stale)",
    tag: 'methods',
    access: 'session',
    rule: `${RULE_OWNER_OR_STRUCTURE}; progress fields also the method's owner`,
    params: ZIdParamsSchema,
    body: ZUpdateMethodSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMethodSchema, 404: ZErrorBodySchema, 409: ZGoalWriteConflictBodySchema },
  },
  feedMethod: {
    summary:
      "Push a method's progress, status, current measure, update or confidence from another system, with an API token: recorded as a check-in via that token; no version, the latest push wins",
    tag: 'checkins',
    access: 'session',
    rule: "The method's owner, or whoever may edit its V2MOM (the update text: its owner or manage_structure); a token limited to one item only for that item",
    feeds: 'method',
    params: ZIdParamsSchema,
    body: ZMethodFeedSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMethodSchema, 404: ZErrorBodySchema, 409: ZGoalWriteConflictBodySchema },
  },
  deleteMethod: {
    summary: 'Delete a method and its measures; obstacles and tasks pointing at it are unlinked',
    tag: 'methods',
    access: 'session',
    rule: RULE_STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
});
