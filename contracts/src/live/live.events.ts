import { z } from 'zod';
import type {
  TAskAssistantCommand,
  TAssistantDeltaEvent,
  TAssistantDoneEvent,
  TAssistantErrorEvent,
  TAssistantInsightsCommand,
  TMeetingBriefCommand,
  TAssistantReplyStarted,
  TStopAssistantCommand,
} from '../assistant/assistant.live.js';
import type {
  TCommentChangedEvent,
  TNotificationsChangedEvent,
  TThreadCommand,
  TThreadCountedEvent,
  TThreadTypingEvent,
} from '../comments/comment.live.js';
import type { TAlignmentRollupEvent, TWatchAlignmentCommand } from '../v2moms/alignment.live.js';
import { ZCheckInSchema } from '../checkins/check-in.schemas.js';
import type { TEntityName } from '../common/conflict.rules.js';
import { ZEntityNameSchema } from '../common/conflict.schemas.js';
import { wellFormedLine, ZIdSchema, ZIsoDateTimeSchema, ZUserRefSchema, ZVersionSchema } from '../common/fields.schemas.js';
import { ZMeasureSchema } from '../measures/measure.schemas.js';
import { ZMethodListItemSchema } from '../methods/method.schemas.js';
import { ZObstacleSchema } from '../obstacles/obstacle.schemas.js';
import { ZTaskSchema } from '../tasks/task.schemas.js';
import { ZDepartmentSchema } from '../users/department.schemas.js';
import { ZQuarterReviewSchema } from '../quarter-reviews/quarter-review.schemas.js';
import { ZRhythmSchema } from '../rhythm/rhythm.schemas.js';
import { ZCompanySchema } from '../company/company.schemas.js';
import { ZRoomLinkSchema } from '../rooms/room.schemas.js';
import type { TRound, TRoundCheckedInEvent } from '../rounds/round.schemas.js';
import { ZUserListItemSchema } from '../users/user.schemas.js';
import { ZValueSchema } from '../values/value.schemas.js';
import { ZV2momSchema } from '../v2moms/v2mom.schemas.js';
import type {
  TFollowCommand,
  TFollowersEvent,
  TPresentation,
  TPresentationEndedEvent,
  TPresentCommand,
  TWatchScreenCommand,
} from './follow.live.js';
import { LIVE_EVENTS } from './live.names.js';

/**
 * The Socket.IO catalogue (docs/PRODUCT.md#live-events): room names, event names and payloads, used
 * as typed event maps by the server and the client. Client-to-server payloads are parsed with
 * these schemas on the server; a bad one is answered through the acknowledgement, never thrown.
 */

/**
 * Rooms. Every signed-in socket is in `org` (list screens) and its own department's room; a
 * `settings` holder's sockets are also in `settings`, where admin data goes and nowhere else. A
 * socket is in a V2MOM's room while it shows that V2MOM, and in a thread's (`threadRoom`,
 * contracts/src/comments/comment.live.ts) while it shows that thread.
 */
export const ORG_ROOM = 'org';
export const SETTINGS_ROOM = 'settings';
export const v2momRoom = (v2momId: number) => `v2mom:${v2momId}`;
export const departmentRoom = (department: string) => `dept:${department}`;
/** The sockets of those who may open the COO View: every check-in round and the meeting brief's rewrites go there. */
export const COO_VIEW_ROOM = 'coo-view';
/** The sockets with an alignment map open (`alignment:watch`): the map's roll-ups go there alone. */
export const ALIGNMENT_MAP_ROOM = 'alignment-map';

/** Bounds per socket: the largest message the server reads, and the commands it takes per second. */
export const SOCKET_MAX_PAYLOAD_BYTES = 16 * 1024;
export const SOCKET_COMMANDS_PER_SECOND = 20;
/** The commands taken per second from one user over all their sockets (tabs), on every server. */
export const USER_COMMANDS_PER_SECOND = 40;

export const ZChangeOperationSchema = z.enum(['created', 'updated', 'deleted']);
export type TChangeOperation = z.infer<typeof ZChangeOperationSchema>;

/**
 * The read shape each entity's rows travel in: the shape GET answers every signed-in user (lists
 * and the V2MOM document hold the same), so a screen can put the row where it shows it.
 */
export const LIVE_ROW_SCHEMAS = {
  v2mom: ZV2momSchema,
  value: ZValueSchema,
  method: ZMethodListItemSchema,
  obstacle: ZObstacleSchema,
  measure: ZMeasureSchema,
  task: ZTaskSchema,
  /** A person as GET /api/users lists them: created, edited, deactivated or reactivated. */
  user: ZUserListItemSchema,
  /** A department as GET /api/departments lists it: a rename changes every screen that names it. */
  department: ZDepartmentSchema,
  /** The company's rhythm (docs/PRODUCT.md#rhythm): open screens count check-in periods and stale methods by it. */
  rhythm: ZRhythmSchema,
  /** The company's name and colours (docs/PRODUCT.md#company): an open Company tab shows the change. */
  company: ZCompanySchema,
  /** A method's quarter review (docs/PRODUCT.md#quarter-review): saved, or deleted when reopened. */
  quarterReview: ZQuarterReviewSchema,
  /** A meeting-room link as Settings lists it, never its token (docs/PRODUCT.md#meeting-room-links). */
  roomLink: ZRoomLinkSchema,
} as const satisfies Record<TEntityName, z.ZodType>;
export type TLiveRow<E extends TEntityName = TEntityName> = z.infer<(typeof LIVE_ROW_SCHEMAS)[E]>;

/**
 * Entities only `settings` holders may read: their events go to SETTINGS_ROOM alone, in packets of
 * their own, never to `org` (docs/PRODUCT.md#live-events).
 */
export const SETTINGS_ONLY_ENTITIES: ReadonlySet<TEntityName> = new Set(['roomLink']);

const changeFields = {
  id: ZIdSchema,
  /** The row's version after the write; for a deletion, the last version it had. */
  version: ZVersionSchema,
  /** The V2MOM the row belongs to (itself for a V2MOM); null for a task without a method, a user or a department. */
  v2momId: ZIdSchema.nullable(),
  /** Departments whose screens show the row (its owners' departments). */
  departments: z.array(z.string()),
  /** Who made the write. */
  actor: ZUserRefSchema,
  at: ZIsoDateTimeSchema,
  /**
   * The change-log row the write made (a V2MOM and its items only), so a screen can mark seen
   * exactly what it has shown (docs/PRODUCT.md#since-you-last-looked).
   */
  changeId: ZIdSchema.optional(),
};

/**
 * One entity's changes: a created or updated row travels with the event, with what `extras` adds
 * to such an event; a deleted one does not.
 */
function entityChangedSchema<E extends TEntityName, Extras extends z.ZodRawShape = Record<never, never>>(entity: E, extras?: Extras) {
  return z.discriminatedUnion('operation', [
    z.object({ entity: z.literal(entity), operation: z.enum(['created', 'updated']), row: LIVE_ROW_SCHEMAS[entity], ...changeFields, ...(extras as Extras) }),
    z.object({ entity: z.literal(entity), operation: z.literal('deleted'), ...changeFields }),
  ]);
}

/** One changed row, emitted after its transaction committed (never for a rolled-back write). */
export const ZEntityChangedEventSchema = z.discriminatedUnion('entity', [
  entityChangedSchema('v2mom'),
  entityChangedSchema('value'),
  // A method write that made a check-in carries it, so an open history shows it without asking (docs/PRODUCT.md#check-ins).
  entityChangedSchema('method', { checkIn: ZCheckInSchema.optional() }),
  entityChangedSchema('obstacle'),
  entityChangedSchema('measure'),
  entityChangedSchema('task'),
  entityChangedSchema('user'),
  entityChangedSchema('department'),
  entityChangedSchema('rhythm'),
  entityChangedSchema('company'),
  entityChangedSchema('quarterReview'),
  // A link's use is noted by its screen, not by a person: then no one is its actor.
  z.discriminatedUnion('operation', [
    z.object({ entity: z.literal('roomLink'), operation: z.enum(['created', 'updated']), row: LIVE_ROW_SCHEMAS.roomLink, ...changeFields, actor: ZUserRefSchema.nullable() }),
    z.object({ entity: z.literal('roomLink'), operation: z.literal('deleted'), ...changeFields, actor: ZUserRefSchema.nullable() }),
  ]),
]);
export type TEntityChangedEvent = z.infer<typeof ZEntityChangedEventSchema>;
/** A created or updated row's event, which carries the row. */
export type TRowChangedEvent<E extends TEntityName = TEntityName> = Extract<TEntityChangedEvent, { entity: E; row: unknown }>;

/** What a person is doing on a V2MOM: looking at the detail page, or in the form. */
export const ZPresenceModeSchema = z.enum(['viewing', 'editing']);
export type TPresenceMode = z.infer<typeof ZPresenceModeSchema>;

/**
 * The form item a person has focused, and the field inside it when the focus is in one, so others
 * see who is editing what, down to the field.
 */
export const ZPresenceItemSchema = z.object({
  entity: ZEntityNameSchema,
  key: wellFormedLine().min(1).max(64),
  field: wellFormedLine().min(1).max(64).optional(),
});
export type TPresenceItem = z.infer<typeof ZPresenceItemSchema>;

export const ZPresenceMemberSchema = z.object({
  userId: ZIdSchema,
  name: z.string(),
  avatarUrl: z.string().nullable(),
  mode: ZPresenceModeSchema,
  item: ZPresenceItemSchema.nullable(),
});
export type TPresenceMember = z.infer<typeof ZPresenceMemberSchema>;

/** Everyone on one V2MOM (one entry per user, however many tabs; `editing` wins over `viewing`). */
export const ZPresenceEventSchema = z.object({ v2momId: ZIdSchema, members: z.array(ZPresenceMemberSchema) });
export type TPresenceEvent = z.infer<typeof ZPresenceEventSchema>;

export const ZJoinV2momCommandSchema = z.strictObject({ v2momId: ZIdSchema, mode: ZPresenceModeSchema });
export type TJoinV2momCommand = z.infer<typeof ZJoinV2momCommandSchema>;

export const ZLeaveV2momCommandSchema = z.strictObject({ v2momId: ZIdSchema });
export type TLeaveV2momCommand = z.infer<typeof ZLeaveV2momCommandSchema>;

export const ZFocusItemCommandSchema = z.strictObject({ v2momId: ZIdSchema, item: ZPresenceItemSchema.nullable() });
export type TFocusItemCommand = z.infer<typeof ZFocusItemCommandSchema>;

/**
 * Sent to each socket as it connects, and to everyone every minute. It exists so that every socket
 * holds a recent offset, without which Socket.IO cannot replay the events a briefly disconnected
 * client missed (connection state recovery). `lastChangeMsAgo` says how long ago the server last
 * saw a change (or started, if later): data a client read after that moment cannot have missed an
 * event sent before its socket joined, so the first connection need not refetch it.
 */
export const ZHeartbeatEventSchema = z.object({ at: ZIsoDateTimeSchema, lastChangeMsAgo: z.number().int().nonnegative() });
export type THeartbeatEvent = z.infer<typeof ZHeartbeatEventSchema>;

/**
 * Which of the integration lists changed (docs/PRODUCT.md#live-events): `apiTokens`, a token made
 * or revoked, to its owner's sockets and settings holders'; `webhooks`, a webhook made, changed or
 * deleted or a delivery queued or attempted, to settings holders' alone. Their rows differ by who
 * reads them (one's own tokens, everyone's) and a delivery has no version, so screens ask again.
 */
export const INTEGRATION_LISTS = ['apiTokens', 'webhooks'] as const;
export const ZIntegrationsChangedEventSchema = z.object({ list: z.enum(INTEGRATION_LISTS) });
export type TIntegrationsChangedEvent = z.infer<typeof ZIntegrationsChangedEventSchema>;

/** Every acknowledgement: done, or refused with a message the client can show as is. */
export type TAck<T = null> = { data: T } | { error: string };

export interface ServerToClientEvents {
  /** One or more changed rows, in commit order: the server sends several writes' events in one packet. */
  [LIVE_EVENTS.entityChanged]: (events: TEntityChangedEvent[]) => void;
  /** Volatile: presence is ephemeral, a missed one is replaced by the next. */
  [LIVE_EVENTS.presenceChanged]: (event: TPresenceEvent) => void;
  /** Nothing to act on; see ZHeartbeatEventSchema. */
  [LIVE_EVENTS.heartbeat]: (event: THeartbeatEvent) => void;
  /** A thread's write, to the sockets that have that thread open (contracts/src/comments/comment.live.ts). */
  [LIVE_EVENTS.commentChanged]: (event: TCommentChangedEvent) => void;
  /** A thread's new number of comments, without text, to every signed-in socket. */
  [LIVE_EVENTS.threadCounted]: (event: TThreadCountedEvent) => void;
  /** The person's unread count, to their own sockets only. */
  [LIVE_EVENTS.notificationsChanged]: (event: TNotificationsChangedEvent) => void;
  /** Volatile: someone is writing in a thread the socket has open; a missed one is replaced by the next. */
  [LIVE_EVENTS.threadTyping]: (event: TThreadTypingEvent) => void;
  /** The assistant's reply, to the asking socket only (contracts/src/assistant/assistant.live.ts). */
  [LIVE_EVENTS.assistantDelta]: (event: TAssistantDeltaEvent) => void;
  [LIVE_EVENTS.assistantDone]: (event: TAssistantDoneEvent) => void;
  [LIVE_EVENTS.assistantError]: (event: TAssistantErrorEvent) => void;
  /** A screen's presenter started or changed what it shows, to the sockets with that screen open (contracts/src/live/follow.live.ts). */
  [LIVE_EVENTS.presentationChanged]: (event: TPresentation) => void;
  [LIVE_EVENTS.presentationEnded]: (event: TPresentationEndedEvent) => void;
  /** Who follows, to the presenter's socket only. */
  [LIVE_EVENTS.followersChanged]: (event: TFollowersEvent) => void;
  /** The round started, moved or ended, to the sockets allowed to see it (docs/PRODUCT.md#the-check-in-round): its row as GET answers it. */
  [LIVE_EVENTS.roundChanged]: (round: TRound) => void;
  /** Someone checked in during their turn: their participant row, to the COO View's people and that department's sockets. */
  [LIVE_EVENTS.roundCheckedIn]: (event: TRoundCheckedInEvent) => void;
  /** Someone had the meeting brief written again, to the COO View's other sockets: it is read again (docs/PRODUCT.md#meeting-brief). */
  [LIVE_EVENTS.briefChanged]: () => void;
  /** An API token or webhook list changed, to the people who may read it (ZIntegrationsChangedEventSchema). */
  [LIVE_EVENTS.integrationsChanged]: (event: TIntegrationsChangedEvent) => void;
  /** The alignment map's figures of the V2MOMs a write moved and of those above them, to the sockets with a map open (contracts/src/v2moms/alignment.live.ts). */
  [LIVE_EVENTS.alignmentRollup]: (event: TAlignmentRollupEvent) => void;
  /** Roll-ups may have been missed: the sockets with a map open read its pages again. */
  [LIVE_EVENTS.alignmentChanged]: () => void;
}

export interface ClientToServerEvents {
  /** Joins `v2mom:{id}` (the V2MOM must exist); answers with who is there. */
  [LIVE_EVENTS.joinV2mom]: (command: TJoinV2momCommand, ack: (answer: TAck<TPresenceEvent>) => void) => void;
  [LIVE_EVENTS.leaveV2mom]: (command: TLeaveV2momCommand, ack: (answer: TAck) => void) => void;
  [LIVE_EVENTS.focusItem]: (command: TFocusItemCommand, ack: (answer: TAck) => void) => void;
  /** Joins the thread's room (the item must exist and its V2MOM be one the person may open): its writes come to this socket. */
  [LIVE_EVENTS.openThread]: (command: TThreadCommand, ack: (answer: TAck) => void) => void;
  [LIVE_EVENTS.closeThread]: (command: TThreadCommand, ack: (answer: TAck) => void) => void;
  /** Says the person is writing in a thread they have open (at most every TYPING_EVERY_MS); the admin and user roles only. */
  [LIVE_EVENTS.threadTyping]: (command: TThreadCommand, ack: (answer: TAck) => void) => void;
  /** Starts a reply (one at a time per user); answers with its id. */
  [LIVE_EVENTS.askAssistant]: (command: TAskAssistantCommand, ack: (answer: TAck<TAssistantReplyStarted>) => void) => void;
  [LIVE_EVENTS.assistantInsights]: (command: TAssistantInsightsCommand, ack: (answer: TAck<TAssistantReplyStarted>) => void) => void;
  /** The meeting brief as a reply; refused to those who may not open the COO View. */
  [LIVE_EVENTS.meetingBrief]: (command: TMeetingBriefCommand, ack: (answer: TAck<TAssistantReplyStarted>) => void) => void;
  [LIVE_EVENTS.stopAssistant]: (command: TStopAssistantCommand, ack: (answer: TAck) => void) => void;
  /** Opens a screen one may present (one may open that page); answers with its presentation, if any. */
  [LIVE_EVENTS.watchScreen]: (command: TWatchScreenCommand, ack: (answer: TAck<TPresentation | null>) => void) => void;
  /** Closes it: a presentation or following on it ends with it. */
  [LIVE_EVENTS.unwatchScreen]: (command: TWatchScreenCommand, ack: (answer: TAck) => void) => void;
  /** Presents an open screen (one presenter per screen); answers with who follows already. */
  [LIVE_EVENTS.startPresenting]: (command: TPresentCommand, ack: (answer: TAck<TFollowersEvent>) => void) => void;
  [LIVE_EVENTS.presentState]: (command: TPresentCommand, ack: (answer: TAck) => void) => void;
  [LIVE_EVENTS.stopPresenting]: (command: TWatchScreenCommand, ack: (answer: TAck) => void) => void;
  [LIVE_EVENTS.follow]: (command: TFollowCommand, ack: (answer: TAck) => void) => void;
  /** Opens or closes an alignment map; answered once its roll-ups reach the socket, after which it reads its pages. */
  [LIVE_EVENTS.watchAlignment]: (command: TWatchAlignmentCommand, ack: (answer: TAck) => void) => void;
}
