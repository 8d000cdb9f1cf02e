import { z } from 'zod';
import { cursorParam, pageLimitParam } from '../common/cursor.js';
import { ZIdSchema, ZIsoDateTimeSchema, ZUserRefSchema, ZWorkStatusSchema } from '../common/fields.schemas.js';
import { channelsOf, NOTIFICATION_KINDS, PARENT_CHANGED_FIELDS, NOTIFICATION_PAGE_SIZE, PREFERENCE_DEFAULTS, PREFERENCE_KINDS, type TPreferenceKind } from './notification.kinds.js';

export const ZNotificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** What a notification is about, named as it is now: where its link goes. */
export const ZNotificationItemSchema = z.object({
  kind: z.enum(['v2mom', 'method', 'obstacle', 'task']),
  id: ZIdSchema,
  title: z.string(),
});

/**
 * What changed, for a method's status or owner changed by someone else; what the rhythm tells
 * (docs/PRODUCT.md#rhythm): how many methods need a check-in, how many went stale and since when,
 * and the meeting digest's figures.
 */
export const ZNotificationDetailSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('status'), from: ZWorkStatusSchema, to: ZWorkStatusSchema }),
  z.object({ field: z.literal('owner'), from: ZUserRefSchema.nullable(), to: ZUserRefSchema.nullable() }),
  z.object({
    field: z.literal('check_in'),
    methods: z.number().int().nonnegative(),
    periodStart: ZIsoDateTimeSchema,
    /** The methods it named, in the reminder's order; absent from answers that predate it. */
    methodIds: z.array(ZIdSchema).optional(),
  }),
  z.object({ field: z.literal('stale'), methods: z.number().int().nonnegative(), since: ZIsoDateTimeSchema }),
  z.object({
    field: z.literal('digest'),
    meetingAt: ZIsoDateTimeSchema,
    checkedIn: z.object({ count: z.number().int().nonnegative(), of: z.number().int().nonnegative() }),
    atRisk: z.number().int().nonnegative(),
    stale: z.number().int().nonnegative(),
  }),
  z.object({ field: z.literal('round_turn'), roundId: ZIdSchema, department: z.string() }),
  z.object({
    field: z.literal('parent_changed'),
    /** What changed of the parent: its vision (a V2MOM), its description or measure (a method). */
    changed: z.enum(PARENT_CHANGED_FIELDS),
    /** The V2MOM aligned to, or the method supported, as named now. */
    parent: z.object({ kind: z.enum(['v2mom', 'method']), id: ZIdSchema, title: z.string() }),
    from: z.string().nullable(),
    to: z.string().nullable(),
    /** When its recipient marked it Reviewed (docs/PRODUCT.md#parent-changes); null until then. */
    reviewedAt: ZIsoDateTimeSchema.nullable(),
  }),
  z.object({
    field: z.literal('round_minutes'),
    roundId: ZIdSchema,
    checkedIn: z.number().int().nonnegative(),
    followUps: z.number().int().nonnegative(),
  }),
  /** What the approver asked to change (docs/PRODUCT.md#approval). */
  z.object({ field: z.literal('approval_comment'), comment: z.string() }),
]);
export type TNotificationDetail = z.infer<typeof ZNotificationDetailSchema>;

/** One notification (docs/PRODUCT.md#notifications). */
export const ZNotificationSchema = z.object({
  id: ZIdSchema,
  kind: ZNotificationKindSchema,
  /** Who did it; null once deleted. */
  actor: ZUserRefSchema.nullable(),
  /** The V2MOM it belongs to; null for a task without a method. */
  v2mom: z.object({ id: ZIdSchema, title: z.string() }).nullable(),
  /** Null for what is about no one item: a check-in reminder, the meeting digest. */
  item: ZNotificationItemSchema.nullable(),
  /** The comment it is about, for a mention or a comment. */
  commentId: ZIdSchema.nullable(),
  detail: ZNotificationDetailSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
  readAt: ZIsoDateTimeSchema.nullable(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

/** GET /api/notifications: `cursor` is a page's `nextCursor`; `limit` 1 to 100, 30 when absent. */
export const ZNotificationQuerySchema = z.object({
  cursor: cursorParam(2, ([userId = 0, notificationId = 0]) => ({ userId, notificationId })).optional(),
  limit: pageLimitParam(NOTIFICATION_PAGE_SIZE.max, `At most ${NOTIFICATION_PAGE_SIZE.max} notifications a page`).optional(),
});
export type TNotificationQuery = z.infer<typeof ZNotificationQuerySchema>;

/** A page of the person's notifications, newest first, with how many are unread in all. */
export const ZNotificationPageSchema = z.object({
  notifications: z.array(ZNotificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int().nonnegative(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPageSchema>;

export const ZUnreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type TUnreadCount = z.infer<typeof ZUnreadCountSchema>;

/** PUT /api/notifications/read-all: everything up to this notification (the newest the panel showed). */
export const ZReadAllSchema = z.strictObject({ through: ZIdSchema });

/** Which kinds reach a person, and how: each kind with exactly the channels it has (`PREFERENCE_DEFAULTS`). */
export const ZNotificationPreferencesSchema = z.strictObject(
  Object.fromEntries(
    PREFERENCE_KINDS.map((kind) => [kind, z.strictObject(Object.fromEntries(channelsOf(kind).map((channel) => [channel, z.boolean()])))]),
  ) as unknown as { [Kind in TPreferenceKind]: z.ZodObject<{ [Channel in keyof (typeof PREFERENCE_DEFAULTS)[Kind]]: z.ZodBoolean }, z.core.$strict> },
);
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

/**
 * GET /api/v2moms/{id}/parent-changes (docs/PRODUCT.md#parent-changes): how many changes of what
 * the V2MOM is aligned to, and of the methods its methods support, nobody told has marked Reviewed
 * yet, and the latest of them. The alignment map marks a branch by `unreviewed`.
 */
export const ZParentChangesSchema = z.object({
  unreviewed: z.number().int().nonnegative(),
  changes: z.array(
    z.object({
      /** The notice: its recipient marks it Reviewed with POST /api/notifications/{id}/reviewed. */
      id: ZIdSchema,
      recipientId: ZIdSchema,
      actor: ZUserRefSchema.nullable(),
      createdAt: ZIsoDateTimeSchema,
      detail: ZNotificationDetailSchema,
    }),
  ),
});
export type TParentChanges = z.infer<typeof ZParentChangesSchema>;
