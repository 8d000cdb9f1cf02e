import { defineEndpoints, RULE_OWNER_OR_STRUCTURE, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import {
  ZCommentSchema,
  ZCreateCommentSchema,
  ZRepliesPageSchema,
  ZRepliesQuerySchema,
  ZResolveThreadSchema,
  ZThreadPageSchema,
  ZThreadParamsSchema,
  ZThreadQuerySchema,
  ZThreadSchema,
  ZCommentCountsSchema,
  ZUpdateCommentSchema,
  ZV2momCommentCountsSchema,
} from './comment.schemas.js';
import { COMMENT_PATHS } from './comments.paths.js';

/** Threads and their comments are read by whoever may read the V2MOM (docs/PRODUCT.md#comments, #approval); a hidden draft's answer 404. */
export const COMMENT_ENDPOINTS = defineEndpoints(COMMENT_PATHS, {
  listThreadComments: {
    summary: "A V2MOM's, method's or obstacle's thread, its newest comments first a page at a time, each with its newest replies",
    tag: 'comments',
    access: 'session',
    params: ZThreadParamsSchema,
    query: ZThreadQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZThreadPageSchema, 404: ZErrorBodySchema },
  },
  createComment: {
    summary: 'Comment on a V2MOM, method or obstacle, or reply to a comment; mentions are `<@id>`',
    tag: 'comments',
    access: 'session',
    rule: 'Admin and user roles (read-only accounts read threads only)',
    params: ZThreadParamsSchema,
    body: ZCreateCommentSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZCommentSchema, 404: ZErrorBodySchema, 429: ZErrorBodySchema },
  },
  updateComment: {
    summary: 'Change the text of a comment (409 when `version` is stale); counted with posts against the posting limit',
    tag: 'comments',
    access: 'session',
    rule: 'Its author, with the admin or user role',
    params: ZIdParamsSchema,
    body: ZUpdateCommentSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZCommentSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema, 429: ZErrorBodySchema },
  },
  deleteComment: {
    summary: 'Delete a comment; one with replies leaves "Comment deleted" in its place',
    tag: 'comments',
    access: 'session',
    rule: 'Its author with the admin or user role, or settings',
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  resolveObstacleThread: {
    summary: "Mark an obstacle's thread resolved, or reopen it",
    tag: 'comments',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZResolveThreadSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZThreadSchema, 404: ZErrorBodySchema },
  },
  getComment: {
    summary: 'One comment, with the thread it is in (`subject`, `subjectId`): where a link to it leads',
    tag: 'comments',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZCommentSchema, 404: ZErrorBodySchema },
  },
  listCommentReplies: {
    summary: "A comment's replies older than those its thread's page shows, the newest first a page at a time",
    tag: 'comments',
    access: 'session',
    params: ZIdParamsSchema,
    query: ZRepliesQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZRepliesPageSchema, 404: ZErrorBodySchema },
  },
  getV2momCommentCounts: {
    summary: "How many comments the V2MOM's own thread and each of its methods' and obstacles' threads hold",
    tag: 'comments',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZV2momCommentCountsSchema, 404: ZErrorBodySchema },
  },
  getCommentCounts: {
    summary: "How many comments every V2MOM's own thread and every method's and obstacle's thread hold, for screens that list items of many V2MOMs",
    tag: 'comments',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZCommentCountsSchema },
  },
});
