import { z } from 'zod';
import { defineEndpoints, RULE_OWNER_OR_STRUCTURE, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZGoalWriteConflictBodySchema } from '../quarter-reviews/quarter-review.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import {
  ZAlignedConflictBodySchema,
  ZAlignedPageQuerySchema,
  ZAlignedPageSchema,
  ZAlignmentRootQuerySchema,
  ZAlignmentAwaitingPageSchema,
  ZAlignmentAwaitingQuerySchema,
  ZDeleteV2momQuerySchema,
  ZStartMineQuerySchema,
  ZStartMineSchema,
  ZV2momPathSchema,
} from './alignment.schemas.js';
import { ZValueListSchema } from '../values/value.schemas.js';
import { ZNewV2momDocumentSchema, ZV2momDocumentSavedSchema, ZV2momDocumentSchema } from './v2mom-document.schemas.js';
import {
  ZCreateV2momSchema,
  ZUpdateV2momSchema,
  ZV2momCompleteSchema,
  ZV2momSchema,
} from './v2mom.schemas.js';
import { ZNextYearStartedSchema, ZStartNextYearSchema } from './next-year.schemas.js';
import { V2MOM_PATHS } from './v2moms.paths.js';
import { ZV2momPageQuerySchema, ZV2momPageSchema } from './v2mom-page.js';
import { ZItemConflictBodySchema } from './year-end.js';
import { ZApprovalActionSchema, ZAwaitingApprovalPageSchema, ZAwaitingApprovalQuerySchema, ZRequestChangesSchema } from './approval.js';

const APPROVER_RULE = "The owner's active manager, else manage_structure in the owner's department; never the owner";
const APPROVAL_RESPONSES = { ...SESSION_WRITE_RESPONSES, 200: ZV2momSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema };

export const V2MOM_ENDPOINTS = defineEndpoints(V2MOM_PATHS, {
  listV2momPage: {
    summary: 'A page of V2MOMs without their children, filtered by a search, an owner, a department or a status, in the order asked',
    tag: 'v2moms',
    access: 'session',
    query: ZV2momPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZV2momPageSchema },
  },
  startMyV2mom: {
    summary:
      'For the signed-in person and a year: the V2MOM theirs would be aligned to (their department’s, else the company’s) with its methods to support, and their own V2MOM of that year if they have one',
    tag: 'v2moms',
    access: 'session',
    query: ZStartMineQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZStartMineSchema },
  },
  listAlignedV2moms: {
    summary: 'A page of the V2MOMs aligned to a V2MOM, by level then title, with their methods counted by status',
    tag: 'v2moms',
    access: 'session',
    params: ZIdParamsSchema,
    query: ZAlignedPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAlignedPageSchema, 404: ZErrorBodySchema },
  },
  getV2momPath: {
    summary: 'The V2MOMs from the top of the alignment map down to a V2MOM, itself last',
    tag: 'v2moms',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZV2momPathSchema, 404: ZErrorBodySchema },
  },
  listAlignmentRoots: {
    summary: 'The top of a year’s alignment map: its V2MOMs aligned to none, the company’s first, with their methods and branches counted by status',
    tag: 'v2moms',
    access: 'session',
    query: ZAlignmentRootQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAlignedPageSchema },
  },
  listAlignmentAwaiting: {
    summary: 'A page of the V2MOMs awaiting the caller’s approval, the longest waiting first, each with the ids from the top of the alignment map down to it',
    tag: 'v2moms',
    access: 'session',
    query: ZAlignmentAwaitingQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAlignmentAwaitingPageSchema },
  },
  getV2momComplete: {
    summary: 'One V2MOM with values, methods, obstacles and measures, in order',
    tag: 'v2moms',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZV2momCompleteSchema, 404: ZErrorBodySchema },
  },
  listV2momValues: {
    summary: 'The values of a V2MOM, in order',
    tag: 'v2moms',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZValueListSchema, 404: ZErrorBodySchema },
  },
  createV2mom: {
    summary: 'Create a V2MOM (for another owner: manage_structure); 409 when its department or the company already has one that year',
    tag: 'v2moms',
    access: 'session',
    rule: 'admin and user roles; another userId needs manage_structure',
    body: ZCreateV2momSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZV2momSchema, 409: ZErrorBodySchema },
  },
  createV2momComplete: {
    summary: 'Create a V2MOM with its values, methods and obstacles in one transaction',
    tag: 'v2moms',
    access: 'session',
    rule: 'admin and user roles; children need manage_structure',
    body: ZNewV2momDocumentSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZV2momCompleteSchema, 409: ZErrorBodySchema },
  },
  updateV2mom: {
    summary: 'Change a V2MOM (409 when `version` is stale, or its department or the company already has one that year)',
    tag: 'v2moms',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateV2momSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZV2momSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema.or(ZErrorBodySchema) },
  },
  saveV2momComplete: {
    summary: 'Save the whole V2MOM document in one transaction, merged field by field with others’ changes since each item’s version',
    tag: 'v2moms',
    access: 'session',
    rule: `${RULE_OWNER_OR_STRUCTURE}; adding or removing children needs manage_structure`,
    params: ZIdParamsSchema,
    body: ZV2momDocumentSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZV2momDocumentSavedSchema, 404: ZErrorBodySchema, 409: ZGoalWriteConflictBodySchema.or(ZErrorBodySchema) },
  },
  deleteV2mom: {
    summary:
      'Delete a V2MOM and everything in it (409 when the optional `version` is stale, or when V2MOMs are aligned to it and `aligned` does not say whether they move up or stand unaligned)',
    tag: 'v2moms',
    access: 'session',
    rule: 'manage_structure',
    params: ZIdParamsSchema,
    query: ZDeleteV2momQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: z.union([ZItemConflictBodySchema, ZAlignedConflictBodySchema]) },
  },
  startNextYear: {
    summary:
      'Start next year’s V2MOM from this one in one transaction: vision and values copied, each open method carried, closed as missed or dropped; this one becomes read-only but for its quarter reviews. Asking again the same answers the same; asking otherwise, 409',
    tag: 'v2moms',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZStartNextYearSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZNextYearStartedSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  submitV2mom: {
    summary: 'Submit a person’s V2MOM for approval: a draft, one sent back with changes requested, or an approved one changed since (409 when `version` is stale)',
    tag: 'v2moms',
    access: 'session',
    rule: "The V2MOM's owner",
    params: ZIdParamsSchema,
    body: ZApprovalActionSchema,
    responses: APPROVAL_RESPONSES,
  },
  approveV2mom: {
    summary: 'Approve a submitted V2MOM: from then on everyone reads it (409 when `version` is stale)',
    tag: 'v2moms',
    access: 'session',
    rule: APPROVER_RULE,
    params: ZIdParamsSchema,
    body: ZApprovalActionSchema,
    responses: APPROVAL_RESPONSES,
  },
  requestV2momChanges: {
    summary: 'Send a submitted V2MOM back to its owner with a comment saying what should change (409 when `version` is stale)',
    tag: 'v2moms',
    access: 'session',
    rule: APPROVER_RULE,
    params: ZIdParamsSchema,
    body: ZRequestChangesSchema,
    responses: APPROVAL_RESPONSES,
  },
  listAwaitingApproval: {
    summary: 'A page of the V2MOMs awaiting the caller’s approval, the longest waiting first',
    tag: 'v2moms',
    access: 'session',
    query: ZAwaitingApprovalQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAwaitingApprovalPageSchema },
  },
});
