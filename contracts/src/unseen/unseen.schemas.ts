import { z } from 'zod';
import { ZFieldValueSchema, ZLoggedEntitySchema } from '../common/conflict.schemas.js';
import { ZIdSchema, ZIsoDateTimeSchema, ZPercentSchema, ZWorkStatusSchema } from '../common/fields.schemas.js';
import { ZChangeOperationSchema } from '../live/live.events.js';

/** How much one answer holds (docs/PRODUCT.md#since-you-last-looked). */
export const UNSEEN_LIMITS = { changes: 1_000, summaryRows: 100, progressMoves: 5 } as const;

/** Who made a change; null once the person is deleted. */
const ZChangeActorSchema = z.object({ id: ZIdSchema, name: z.string() });

/** One committed write of the V2MOM or one of its items, as the change log keeps it (docs/PRODUCT.md#change-log). */
export const ZUnseenChangeSchema = z.object({
  /** The change log's id: the mark moves through it. */
  id: ZIdSchema,
  entity: ZLoggedEntitySchema,
  rowId: ZIdSchema,
  operation: ZChangeOperationSchema,
  fields: z.record(z.string(), z.object({ old: ZFieldValueSchema, new: ZFieldValueSchema })),
  actor: ZChangeActorSchema.nullable(),
  /** The API token it came through, by the name it had then: `by {actor} via {viaToken}` (docs/PRODUCT.md#numbers-pushed-in). */
  viaToken: z.string().nullable(),
  at: ZIsoDateTimeSchema,
});
export type TUnseenChange = z.infer<typeof ZUnseenChangeSchema>;

/** GET /api/v2moms/{id}/unseen: others' changes after the person's mark, oldest first. */
export const ZUnseenChangesSchema = z.object({
  /** When the person last marked the V2MOM seen; null on their first visit. */
  since: ZIsoDateTimeSchema.nullable(),
  changes: z.array(ZUnseenChangeSchema),
  /** More changes than one answer holds: the oldest are listed. */
  truncated: z.boolean(),
  summary: z.object({
    changes: z.number().int().nonnegative(),
    people: z.number().int().nonnegative(),
    wentAtRisk: z.array(z.object({ methodId: ZIdSchema, description: z.string() })),
  }),
});
export type TUnseenChanges = z.infer<typeof ZUnseenChangesSchema>;

/** PUT /api/v2moms/{id}/seen: the last change the person has seen, one of this V2MOM's. */
export const ZMarkSeenSchema = z.strictObject({ through: ZIdSchema });

/** A person's mark on a V2MOM: seen through that change, at that time. */
export const ZSeenMarkSchema = z.object({ v2momId: ZIdSchema, through: z.number().int().nonnegative(), seenAt: ZIsoDateTimeSchema });
export type TSeenMark = z.infer<typeof ZSeenMarkSchema>;

export const NOT_A_CHANGE_OF_THIS_V2MOM = 'Not a change of this V2MOM: send the id of one of its changes';

/** Where a summary row belongs, and the latest change that put it there. */
const summaryRowFields = { v2momId: ZIdSchema, v2momTitle: z.string(), changeId: ZIdSchema };

/** GET /api/unseen-summary: what others changed, since the person's mark, in every V2MOM they have visited. */
export const ZUnseenSummarySchema = z.object({
  /** Methods whose status is not what it was at the mark, newest change first. */
  statusChanges: z.array(z.object({ ...summaryRowFields, methodId: ZIdSchema, description: z.string(), from: ZWorkStatusSchema, to: ZWorkStatusSchema })),
  /** The methods whose progress moved most, either way. */
  progressMoves: z.array(z.object({ ...summaryRowFields, methodId: ZIdSchema, description: z.string(), from: ZPercentSchema, to: ZPercentSchema })),
  /** Obstacles added, newest first. */
  newObstacles: z.array(z.object({ ...summaryRowFields, obstacleId: ZIdSchema, description: z.string() })),
});
export type TUnseenSummary = z.infer<typeof ZUnseenSummarySchema>;
