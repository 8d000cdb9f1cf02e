import { z } from 'zod';
import { ZConfidenceReasonSchema } from '../methods/method-write.schemas.js';
import { ZConfidenceSchema } from '../checkins/confidence.schemas.js';
import { YEAR_RANGE } from '../common/fields.rules.js';
import {
  ZIdParamsSchema,
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZPercentSchema,
  ZQuarterSchema,
  ZVersionSchema,
  ZWorkStatusSchema,
  storableLine,
} from '../common/fields.schemas.js';

/**
 * The check-in round (docs/PRODUCT.md#the-check-in-round): the presenter of the COO meeting walks
 * the departments in order; each owner whose turn it is checks in from their own device, and the
 * room sees who has and who is still to.
 */

/** The one line a round's check-in says, and the obstacle it may raise. */
export const ROUND_LINE_MAX = 200;
/** A follow-up is due this many days after the round raised it, by the server's clock. */
export const FOLLOW_UP_DUE_DAYS = 7;

export const ROUND_STATUSES = ['active', 'ended'] as const;
export const ZRoundStatusSchema = z.enum(ROUND_STATUSES);

/** One person whose turn it is: their methods in the round's department, and when they checked in (null: pending). */
export const ZRoundParticipantSchema = z.object({
  userId: ZIdSchema,
  name: z.string(),
  /** Their methods as the round's check-in starts from them. */
  methods: z.array(
    z.object({
      id: ZIdSchema,
      description: z.string(),
      status: ZWorkStatusSchema,
      progress: ZPercentSchema,
      confidence: ZConfidenceSchema.nullable(),
      version: ZVersionSchema,
    }),
  ),
  checkedInAt: ZIsoDateTimeSchema.nullable(),
});
export type TRoundParticipant = z.infer<typeof ZRoundParticipantSchema>;

const ZRoundPresenterSchema = z.object({ id: ZIdSchema.nullable(), name: z.string() });

/** A round as its panels show it: where it stands, and who is in the current department's turn. */
export const ZRoundSchema = z.object({
  id: ZIdSchema,
  year: z.number().int(),
  quarter: ZQuarterSchema,
  status: ZRoundStatusSchema,
  /** Who runs it; `id` null once their account is deleted. */
  presenter: ZRoundPresenterSchema,
  startedAt: ZIsoDateTimeSchema,
  endedAt: ZIsoDateTimeSchema.nullable(),
  /** The departments with methods that year, in the order the round walks them. */
  departments: z.array(z.string()),
  /** The current department's place in `departments`. */
  position: z.number().int().nonnegative(),
  /** The owners of the current department's methods; empty once the round ended. */
  participants: z.array(ZRoundParticipantSchema),
  /** Raised by each of the presenter's moves: Skip, Back and End name the version they saw. */
  version: ZVersionSchema,
});
export type TRound = z.infer<typeof ZRoundSchema>;

/** GET /api/rounds/active: the round under way, if any. */
export const ZActiveRoundSchema = z.object({ round: ZRoundSchema.nullable() });
export type TActiveRound = z.infer<typeof ZActiveRoundSchema>;

/** POST /api/rounds: which fiscal year's methods and which quarter the round goes through. */
export const ZStartRoundSchema = z.strictObject({
  year: z.number().int().min(YEAR_RANGE.min).max(YEAR_RANGE.max),
  quarter: ZQuarterSchema,
});
export type TStartRound = z.infer<typeof ZStartRoundSchema>;

/** POST /api/rounds/{id}/move: Skip (next) or Back, from the version the presenter saw. */
export const ZMoveRoundSchema = z.strictObject({ to: z.enum(['next', 'back']), version: ZVersionSchema });
export type TMoveRound = z.infer<typeof ZMoveRoundSchema>;

/** POST /api/rounds/{id}/end. */
export const ZEndRoundSchema = z.strictObject({ version: ZVersionSchema });
export type TEndRound = z.infer<typeof ZEndRoundSchema>;

export const ZRoundParamsSchema = ZIdParamsSchema;

/**
 * POST /api/rounds/{id}/check-ins: one method's check-in in the round, from its owner whose turn
 * it is: status, progress, confidence and one line; an obstacle, when raised, becomes a follow-up.
 */
export const ZRoundCheckInSchema = z.strictObject({
  methodId: ZIdSchema,
  version: ZVersionSchema,
  status: ZWorkStatusSchema,
  progress: ZPercentSchema,
  confidence: ZConfidenceSchema,
  confidenceReason: ZConfidenceReasonSchema,
  update: storableLine(ROUND_LINE_MAX).optional(),
  obstacle: storableLine(ROUND_LINE_MAX).optional(),
});
export type TRoundCheckIn = z.infer<typeof ZRoundCheckInSchema>;

/** A follow-up: an obstacle raised in a round, its owner's to acknowledge by its due date. */
export const ZFollowUpSchema = z.object({
  id: ZIdSchema,
  roundId: ZIdSchema,
  description: z.string(),
  method: z.object({ id: ZIdSchema, description: z.string() }).nullable(),
  owner: z.object({ id: ZIdSchema, name: z.string() }),
  dueAt: ZIsoDateTimeSchema,
  createdAt: ZIsoDateTimeSchema,
  acknowledgedAt: ZIsoDateTimeSchema.nullable(),
  version: ZVersionSchema,
});
export type TFollowUp = z.infer<typeof ZFollowUpSchema>;
export const ZFollowUpListSchema = z.array(ZFollowUpSchema);

/** What a round's check-in answers: the owner's place in the turn, and the follow-up it raised. */
export const ZRoundCheckInResultSchema = z.object({ participant: ZRoundParticipantSchema, followUp: ZFollowUpSchema.nullable() });
export type TRoundCheckInResult = z.infer<typeof ZRoundCheckInResultSchema>;

/** POST /api/follow-ups/{id}/acknowledge. */
export const ZAcknowledgeFollowUpSchema = z.strictObject({ version: ZVersionSchema });

const ZMovedSchema = <T extends z.ZodType>(value: T) => z.object({ from: value.nullable(), to: value.nullable() });

/** One method that moved during the round: its values before its first check-in in it and after its last. */
export const ZRoundMovementSchema = z.object({
  methodId: ZIdSchema,
  description: z.string(),
  ownerName: z.string().nullable(),
  progress: ZMovedSchema(ZPercentSchema),
  status: ZMovedSchema(ZWorkStatusSchema),
  confidence: ZMovedSchema(ZConfidenceSchema),
  update: z.string().nullable(),
});
export type TRoundMovement = z.infer<typeof ZRoundMovementSchema>;

/** A round's minutes, kept when it ends: who checked in, what moved, the follow-ups it raised. */
export const ZRoundMinutesSchema = z.object({
  id: ZIdSchema,
  year: z.number().int(),
  quarter: ZQuarterSchema,
  presenter: ZRoundPresenterSchema,
  startedAt: ZIsoDateTimeSchema,
  endedAt: ZIsoDateTimeSchema,
  checkedIn: z.array(z.object({ name: z.string(), department: z.string(), at: ZIsoDateTimeSchema })),
  pending: z.array(z.object({ name: z.string(), department: z.string() })),
  moved: z.array(ZRoundMovementSchema),
  followUps: z.array(z.object({ description: z.string(), ownerName: z.string(), dueAt: ZIsoDateTimeSchema })),
});
export type TRoundMinutes = z.infer<typeof ZRoundMinutesSchema>;

/** One ended round as the list of past rounds names it. */
export const ZPastRoundSchema = ZRoundMinutesSchema.pick({ id: true, year: true, quarter: true, presenter: true, startedAt: true, endedAt: true }).extend({
  checkedIn: z.number().int().nonnegative(),
  followUps: z.number().int().nonnegative(),
});
export type TPastRound = z.infer<typeof ZPastRoundSchema>;
export const ZPastRoundListSchema = z.array(ZPastRoundSchema);

/** `round:reported`: one participant's new place in the turn; a panel puts it where it shows that person. */
export const ZRoundCheckedInEventSchema = z.object({ roundId: ZIdSchema, position: z.number().int().nonnegative(), participant: ZRoundParticipantSchema });
export type TRoundCheckedInEvent = z.infer<typeof ZRoundCheckedInEventSchema>;
