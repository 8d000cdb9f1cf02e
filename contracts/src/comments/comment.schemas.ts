import { z } from 'zod';
import { cursorParam, pageLimitParam } from '../common/cursor.js';
import { requiredText, ZBaseVersionSchema, ZIdParamSchema, ZIdSchema, ZIsoDateTimeSchema, ZUserRefSchema } from '../common/fields.schemas.js';
import { COMMENT_LIMITS, THREAD_SUBJECTS } from './comment.limits.js';

export const ZThreadSubjectSchema = z.enum(THREAD_SUBJECTS, { error: `Expected one of ${THREAD_SUBJECTS.join(', ')}` });

/** `/api/threads/{subject}/{id}`: the V2MOM, method or obstacle whose thread it is. */
export const ZThreadParamsSchema = z.object({ subject: ZThreadSubjectSchema, id: ZIdParamSchema });
export type TThreadParams = z.infer<typeof ZThreadParamsSchema>;

const ZCommentTextSchema = requiredText(COMMENT_LIMITS.text, 'Write a comment first');

/** POST /api/threads/{subject}/{id}/comments: a comment, or a reply to one of the thread's comments. */
export const ZCreateCommentSchema = z.strictObject({
  text: ZCommentTextSchema,
  /** The comment this one answers: a comment of the same thread that is not itself a reply. */
  parentId: ZIdSchema.optional(),
});
export type TCreateComment = z.infer<typeof ZCreateCommentSchema>;

/** PATCH /api/comments/{id}: its author's new text, and the version it was based on. */
export const ZUpdateCommentSchema = z.strictObject({ text: ZCommentTextSchema, version: ZBaseVersionSchema });
export type TUpdateComment = z.infer<typeof ZUpdateCommentSchema>;

/** PUT /api/threads/obstacle/{id}/resolved. */
export const ZResolveThreadSchema = z.strictObject({ resolved: z.boolean({ error: 'Send resolved: true or false' }) });
export type TResolveThread = z.infer<typeof ZResolveThreadSchema>;

/**
 * One comment (docs/PRODUCT.md#comments). A deleted comment that had replies stays in its place
 * with `deleted: true` and no text, author or mentions.
 */
export const ZCommentSchema = z.object({
  id: ZIdSchema,
  subject: ZThreadSubjectSchema,
  subjectId: ZIdSchema,
  v2momId: ZIdSchema,
  parentId: ZIdSchema.nullable(),
  /** null for a deleted comment, or once its author is deleted. */
  author: ZUserRefSchema.nullable(),
  text: z.string().nullable(),
  /** Everyone the text mentions (`<@id>`), as they are named now. */
  mentions: z.array(ZUserRefSchema),
  createdAt: ZIsoDateTimeSchema,
  /** When its author last changed the text; null if never ("edited" is shown otherwise). */
  editedAt: ZIsoDateTimeSchema.nullable(),
  deleted: z.boolean(),
  version: z.number().int().positive(),
  /** How many replies a top-level comment has now (0 for a reply); a page shows the newest few of them. */
  replyCount: z.number().int().nonnegative(),
});
export type TComment = z.infer<typeof ZCommentSchema>;

/** A thread as its page heads it: whose it is, and for an obstacle's, whether it is resolved. */
export const ZThreadSchema = z.object({
  subject: ZThreadSubjectSchema,
  subjectId: ZIdSchema,
  v2momId: ZIdSchema,
  /** Comments in it, replies and deleted placeholders included. */
  commentCount: z.number().int().nonnegative(),
  resolvedAt: ZIsoDateTimeSchema.nullable(),
  resolvedBy: ZUserRefSchema.nullable(),
});
export type TThread = z.infer<typeof ZThreadSchema>;

/** Where a page of a thread ends: the thread, and the oldest top-level comment it showed. */
export interface TThreadCursor {
  threadId: number;
  commentId: number;
}

/** GET /api/threads/{subject}/{id}/comments: `cursor` is a page's `nextCursor`; `limit` top-level comments, 1 to 50, 20 when absent. */
export const ZThreadQuerySchema = z.object({
  cursor: cursorParam(2, ([threadId = 0, commentId = 0]): TThreadCursor => ({ threadId, commentId })).optional(),
  limit: pageLimitParam(COMMENT_LIMITS.page.max, `At most ${COMMENT_LIMITS.page.max} comments a page`).optional(),
});
export type TThreadQuery = z.infer<typeof ZThreadQuerySchema>;

/**
 * A page of a thread: its newest top-level comments before the cursor, each followed by its newest
 * replies (COMMENT_LIMITS.inlineReplies at most), oldest first so it reads top to bottom;
 * `nextCursor` asks for the older ones (null when none). `moreReplies` holds, for each top-level
 * comment whose replies are not all here, the cursor that asks for the ones before them
 * (GET /api/comments/{id}/replies).
 */
export const ZThreadPageSchema = z.object({
  thread: ZThreadSchema,
  comments: z.array(ZCommentSchema),
  nextCursor: z.string().nullable(),
  moreReplies: z.record(z.string(), z.string()),
});
export type TThreadPage = z.infer<typeof ZThreadPageSchema>;

/** Where a page of one comment's replies ends: the comment, and the oldest reply it showed. */
export interface TRepliesCursor {
  parentId: number;
  replyId: number;
}

/** GET /api/comments/{id}/replies: `cursor` from `moreReplies` or a page's `nextCursor`; `limit` replies, 1 to 50, 20 when absent. */
export const ZRepliesQuerySchema = z.object({
  cursor: cursorParam(2, ([parentId = 0, replyId = 0]): TRepliesCursor => ({ parentId, replyId })).optional(),
  limit: pageLimitParam(COMMENT_LIMITS.replies.max, `At most ${COMMENT_LIMITS.replies.max} replies a page`).optional(),
});
export type TRepliesQuery = z.infer<typeof ZRepliesQuerySchema>;

/** A page of one comment's replies: the newest before the cursor (all of them without one), oldest first; `nextCursor` asks for older ones. */
export const ZRepliesPageSchema = z.object({
  comments: z.array(ZCommentSchema),
  nextCursor: z.string().nullable(),
});
export type TRepliesPage = z.infer<typeof ZRepliesPageSchema>;

const ZCountSchema = z.number().int().nonnegative();
/** Thread counts by item id; a thread without any comment is absent. */
const ZCountsByIdSchema = z.record(z.string(), ZCountSchema);

/** How many comments each thread of one V2MOM holds, replies and placeholders included; a thread without any is absent. */
export const ZV2momCommentCountsSchema = z.object({
  v2mom: ZCountSchema,
  methods: ZCountsByIdSchema,
  obstacles: ZCountsByIdSchema,
});
export type TV2momCommentCounts = z.infer<typeof ZV2momCommentCountsSchema>;

/** The same counts for every V2MOM at once, for screens that list items of many: the V2MOMs' own threads by V2MOM id. */
export const ZCommentCountsSchema = z.object({
  v2moms: ZCountsByIdSchema,
  methods: ZCountsByIdSchema,
  obstacles: ZCountsByIdSchema,
});
export type TCommentCounts = z.infer<typeof ZCommentCountsSchema>;
