import { z } from 'zod';
import { ZIdSchema, ZIsoDateTimeSchema, ZPercentSchema, ZWorkStatusSchema } from '../common/fields.schemas.js';
import { cursorParam, pageCursor, pageLimitParam } from '../common/cursor.js';
import { CHECK_IN_PAGE_SIZE, TREND_LIMITS } from './check-in.limits.js';
import { ZConfidenceSchema } from './confidence.schemas.js';

/** Who wrote a check-in or a method's latest update; null once unknown (a legacy report, a deleted person). */
export const ZCheckInAuthorSchema = z.object({ id: ZIdSchema, name: z.string() });
export type TCheckInAuthor = z.infer<typeof ZCheckInAuthorSchema>;

/**
 * One check-in (docs/PRODUCT.md#check-ins): a committed write that changed a method's progress,
 * status, current measure or update text, with the four values after it and before it. Values
 * are null where they are not known: a report kept from before check-ins were recorded carries
 * only its update text, and no date (`at` null).
 */
export const ZCheckInSchema = z.object({
  id: ZIdSchema,
  methodId: ZIdSchema,
  at: ZIsoDateTimeSchema.nullable(),
  author: ZCheckInAuthorSchema.nullable(),
  progress: ZPercentSchema.nullable(),
  status: ZWorkStatusSchema.nullable(),
  currentMeasure: z.string().nullable(),
  update: z.string().nullable(),
  prevProgress: ZPercentSchema.nullable(),
  prevStatus: ZWorkStatusSchema.nullable(),
  prevCurrentMeasure: z.string().nullable(),
  prevUpdate: z.string().nullable(),
  /** The method's confidence after and before it (docs/PRODUCT.md#confidence), and why it fell when given. */
  confidence: ZConfidenceSchema.nullable(),
  prevConfidence: ZConfidenceSchema.nullable(),
  confidenceReason: z.string().nullable(),
  /** The API token it came through, by the name it had then: `by {author} via {viaToken}` (docs/PRODUCT.md#numbers-pushed-in). */
  viaToken: z.string().nullable(),
});
export type TCheckIn = z.infer<typeof ZCheckInSchema>;

/** Where a page of one method's check-ins ends: the method, and the last check-in the page showed. */
export interface TCheckInCursor {
  methodId: number;
  checkInId: number;
}

/** The opaque `nextCursor` a page of check-ins answers. */
export function checkInCursor(cursor: TCheckInCursor): string {
  return pageCursor([cursor.methodId, cursor.checkInId]);
}

/** GET /api/methods/{id}/check-ins: `cursor` is a page's `nextCursor`; `limit` 1 to 100, 20 when absent. */
export const ZCheckInQuerySchema = z.object({
  cursor: cursorParam(2, ([methodId = 0, checkInId = 0]): TCheckInCursor => ({ methodId, checkInId })).optional(),
  limit: pageLimitParam(CHECK_IN_PAGE_SIZE.max, `At most ${CHECK_IN_PAGE_SIZE.max} check-ins a page`).optional(),
});
export type TCheckInQuery = z.infer<typeof ZCheckInQuerySchema>;

/** A page of a method's check-ins, newest first (undated ones last); `nextCursor` null on the last page. */
export const ZCheckInPageSchema = z.object({
  checkIns: z.array(ZCheckInSchema),
  nextCursor: z.string().nullable(),
});
export type TCheckInPage = z.infer<typeof ZCheckInPageSchema>;

/** POST /api/methods/trends. */
export const ZTrendsRequestSchema = z.object({
  methodIds: z.array(ZIdSchema).max(TREND_LIMITS.methods, `At most ${TREND_LIMITS.methods.toLocaleString('en-US')} methods at once`),
  weeks: z.number().int().min(1).max(TREND_LIMITS.weeks.max, `At most ${TREND_LIMITS.weeks.max} weeks`).optional(),
});
export type TTrendsRequest = z.infer<typeof ZTrendsRequestSchema>;

/** A method's value at the end of a week: its last check-in's by then (docs/PRODUCT.md#trends). */
export const ZTrendPointSchema = z.object({ progress: ZPercentSchema, status: ZWorkStatusSchema });
export type TTrendPoint = z.infer<typeof ZTrendPointSchema>;

/**
 * The weeks' ends, oldest first, the last one now; each method's points, one per week end in the
 * same order. Methods that do not exist are left out.
 */
export const ZTrendsSchema = z.object({
  weekEnds: z.array(ZIsoDateTimeSchema),
  methods: z.array(z.object({ methodId: ZIdSchema, points: z.array(ZTrendPointSchema) })),
});
export type TTrends = z.infer<typeof ZTrendsSchema>;

/**
 * An obstacle on a method's time line (docs/PRODUCT.md#check-ins): added when it was created,
 * resolved when it was deleted while linked to the method (null while it stands).
 */
export const ZObstacleEventSchema = z.object({
  id: ZIdSchema,
  description: z.string(),
  addedAt: ZIsoDateTimeSchema,
  resolvedAt: ZIsoDateTimeSchema.nullable(),
});
export type TObstacleEvent = z.infer<typeof ZObstacleEventSchema>;

/** The obstacles linked to a method now and those resolved while linked to it, oldest added first. */
export const ZObstacleHistorySchema = z.object({ obstacles: z.array(ZObstacleEventSchema) });
export type TObstacleHistory = z.infer<typeof ZObstacleHistorySchema>;
