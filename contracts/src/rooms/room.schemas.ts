import { z } from 'zod';
import { ZIdParamsSchema, ZIdSchema, ZIsoDateTimeSchema, ZQuarterSchema, ZUserRefSchema, ZVersionSchema, requiredLine } from '../common/fields.schemas.js';
import { ZMeetingBriefSchema } from '../assistant/chat.schemas.js';
import { ZFollowScreenSchema } from '../live/follow.live.js';
import { keyCursorParamOf } from '../common/page.js';
import { ZMethodListItemSchema } from '../methods/method.schemas.js';
import { ZQuarterOutcomeSchema } from '../quarter-reviews/quarter-review.schemas.js';
import { ZRoundSchema } from '../rounds/round.schemas.js';

/** Meeting-room links (docs/PRODUCT.md#meeting-room-links): a read-only screen of one view, without an account. */
export const ROOM_LINK_MAX_DAYS = 90;
export const ROOM_LINK_DEFAULT_DAYS = 30;
export const ROOM_LINK_LABEL_MAX = 80;
/** Room requests (reads and socket handshakes) one address may make in a minute. */
export const ROOM_REQUESTS_PER_MINUTE = 120;

/** What a link shows: the COO View or one V2MOM's detail, the screens one can present. */
export const ZRoomScreenSchema = ZFollowScreenSchema;

/** Where a link stands: it works until it expires or is revoked, and then never again. */
export const ROOM_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export const ZRoomLinkStateSchema = z.enum(ROOM_LINK_STATES);
export type TRoomLinkState = z.infer<typeof ZRoomLinkStateSchema>;

/** A link as Settings lists it: never its token, which only its creation answers. */
export const ZRoomLinkSchema = z.object({
  id: ZIdSchema,
  label: z.string(),
  screen: ZRoomScreenSchema,
  /** The V2MOM's title for a V2MOM's link (null for the COO View, or once the V2MOM is deleted). */
  v2momTitle: z.string().nullable(),
  createdAt: ZIsoDateTimeSchema,
  createdBy: ZUserRefSchema.nullable(),
  expiresAt: ZIsoDateTimeSchema,
  revokedAt: ZIsoDateTimeSchema.nullable(),
  lastUsedAt: ZIsoDateTimeSchema.nullable(),
  state: ZRoomLinkStateSchema,
  /** Raised by its revocation and by each noted use, so a live list keeps the newest. */
  version: ZVersionSchema,
});
export type TRoomLink = z.infer<typeof ZRoomLinkSchema>;
export const ZRoomLinkListSchema = z.array(ZRoomLinkSchema);

/** POST /api/admin/room-links: which room, which view, for how many days. */
export const ZCreateRoomLinkSchema = z.strictObject({
  label: requiredLine(ROOM_LINK_LABEL_MAX, 'Name the room the screen is in'),
  screen: ZRoomScreenSchema,
  days: z
    .number({ error: `A link lasts 1 to ${ROOM_LINK_MAX_DAYS} days` })
    .int(`A link lasts 1 to ${ROOM_LINK_MAX_DAYS} days`)
    .min(1, `A link lasts 1 to ${ROOM_LINK_MAX_DAYS} days`)
    .max(ROOM_LINK_MAX_DAYS, `A link lasts 1 to ${ROOM_LINK_MAX_DAYS} days`),
});
export type TCreateRoomLink = z.infer<typeof ZCreateRoomLinkSchema>;

/** The created link with its token, shown this once: the server keeps only its digest. */
export const ZCreatedRoomLinkSchema = ZRoomLinkSchema.extend({ token: z.string() });
export type TCreatedRoomLink = z.infer<typeof ZCreatedRoomLinkSchema>;

export const ZRoomLinkParamsSchema = ZIdParamsSchema;

/**
 * A method as a card shows it, people by name only: what a meeting-room screen may read, and all
 * the COO View's card needs.
 */
export const ZRoomMethodSchema = ZMethodListItemSchema.pick({
  id: true,
  description: true,
  status: true,
  progress: true,
  measure: true,
  currentMeasure: true,
  q1Goal: true,
  q2Goal: true,
  q3Goal: true,
  q4Goal: true,
  update: true,
  lastCheckInAt: true,
  confidence: true,
  previousConfidence: true,
  createdAt: true,
  staleAt: true,
}).extend({
  owner: ZUserRefSchema.pick({ name: true, active: true }).nullable(),
  v2mom: z.object({ id: ZIdSchema, title: z.string(), year: z.number().int() }),
});
export type TRoomMethod = z.infer<typeof ZRoomMethodSchema>;

const ZRoomItemSchema = z.object({ id: ZIdSchema, description: z.string() });

/** One V2MOM as the room shows it: its plan, and its methods as cards. */
export const ZRoomV2momSchema = z.object({
  id: ZIdSchema,
  title: z.string(),
  year: z.number().int(),
  quarter: ZQuarterSchema,
  ownerName: z.string(),
  vision: z.string(),
  values: z.array(ZRoomItemSchema),
  methods: z.array(ZRoomMethodSchema),
  obstacles: z.array(ZRoomItemSchema),
});
export type TRoomV2mom = z.infer<typeof ZRoomV2momSchema>;

/**
 * GET /api/room's query: the quarter the COO View's screen shows (its picker's, or its presenter's)
 * and, past its first page of cards, the `nextCursor` of the page before.
 */
export const ZRoomViewQuerySchema = z.strictObject({
  quarter: ZQuarterSchema.optional(),
  cursor: keyCursorParamOf('time').optional(),
});

/**
 * The asked quarter of this fiscal year, when it has ended (docs/PRODUCT.md#quarter-review): each
 * method's figures at its end (of the page's methods), as the COO View's past-quarter cards show them; methods of another
 * fiscal year are left out and show today's values.
 */
const ZRoomPastQuarterSchema = z.object({
  year: z.number().int(),
  quarter: ZQuarterSchema,
  methods: z.array(ZQuarterOutcomeSchema),
});
export type TRoomPastQuarter = z.infer<typeof ZRoomPastQuarterSchema>;

/** A page of a COO View's cards: the COO-tracked methods, latest change first, as the COO View pages them (GET /api/methods?forCooTracking=true). */
const cooViewCards = {
  methods: z.array(ZRoomMethodSchema),
  /** Where the next page of cards starts (`?cursor=`); null on the last. */
  nextCursor: z.string().nullable(),
  /** The page's methods as the asked quarter ended, once it has. */
  pastQuarter: ZRoomPastQuarterSchema.nullable(),
};

/** GET /api/room: the link's one view, as it is now, and as a past quarter ended. */
export const ZRoomViewSchema = z.object({
  label: z.string(),
  expiresAt: ZIsoDateTimeSchema,
  view: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('coo-view'),
      ...cooViewCards,
      /** The check-in round under way, which the room's screen shows (docs/PRODUCT.md#the-check-in-round). */
      round: ZRoundSchema.nullable(),
      /** The meeting brief that heads the COO View, read only (docs/PRODUCT.md#meeting-brief). */
      brief: ZMeetingBriefSchema,
    }),
    /** A later page of a COO View's cards (`?cursor=`): the brief and the round come with the first. */
    z.object({ kind: z.literal('coo-view-cards'), ...cooViewCards }),
    z.object({ kind: z.literal('v2mom'), v2mom: ZRoomV2momSchema }),
  ]),
});
export type TRoomView = z.infer<typeof ZRoomViewSchema>;
