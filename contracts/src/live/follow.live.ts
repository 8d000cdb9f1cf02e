import { z } from 'zod';
import { ZThreadSubjectSchema } from '../comments/comment.schemas.js';
import { ZIdSchema, ZIsoDateSchema, ZQuarterSchema } from '../common/fields.schemas.js';

/**
 * Following the presenter (docs/PRODUCT.md#following-the-presenter): one person presents a screen,
 * everyone else who has it open may follow what it shows. Nothing of it is stored: it travels
 * between the sockets on that screen's room only, and ends with the presenter's socket.
 */

/** The screens one can present: the COO View (admins), or one V2MOM's detail (everyone signed in). */
export const ZFollowScreenSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('coo-view') }),
  z.strictObject({ kind: z.literal('v2mom'), v2momId: ZIdSchema }),
]);
export type TFollowScreen = z.infer<typeof ZFollowScreenSchema>;

/**
 * What the presenter's screen shows, as far as the screen has it: its quarter, the selected method,
 * an open thread, the day it shows (null: today) and the day it compares with (docs/PRODUCT.md#as-of).
 */
export const ZFollowStateSchema = z.strictObject({
  quarter: ZQuarterSchema.nullable(),
  methodId: ZIdSchema.nullable(),
  thread: z.strictObject({ subject: ZThreadSubjectSchema, id: ZIdSchema }).nullable(),
  asOf: ZIsoDateSchema.nullable(),
  compare: ZIsoDateSchema.nullable(),
});
export type TFollowState = z.infer<typeof ZFollowStateSchema>;

/** A presenter or a follower, once per person however many tabs. */
export const ZFollowPersonSchema = z.object({ id: ZIdSchema, name: z.string() });
export type TFollowPerson = z.infer<typeof ZFollowPersonSchema>;

/** One screen's presentation as it is now. */
export const ZPresentationSchema = z.object({ screen: ZFollowScreenSchema, presenter: ZFollowPersonSchema, state: ZFollowStateSchema });
export type TPresentation = z.infer<typeof ZPresentationSchema>;

/** `presentation:ended`: the presenter stopped, or left (their socket gone for longer than PRESENTER_GONE_MS). */
export const ZPresentationEndedEventSchema = z.object({ screen: ZFollowScreenSchema, presenter: ZFollowPersonSchema, reason: z.enum(['stopped', 'left']) });
export type TPresentationEndedEvent = z.infer<typeof ZPresentationEndedEventSchema>;

/**
 * `presentation:followers`, to the presenter's socket only: who follows now, and how many meeting
 * rooms (one per link, however many of its screens are open) show the screen and so follow it.
 */
export const ZFollowersEventSchema = z.object({ screen: ZFollowScreenSchema, followers: z.array(ZFollowPersonSchema), rooms: z.number().int().nonnegative() });
export type TFollowersEvent = z.infer<typeof ZFollowersEventSchema>;

/** How long a presenter's dropped socket may take to come back before the presentation ends. */
export const PRESENTER_GONE_MS = 4_000;

/** `screen:watch` / `screen:unwatch`: the socket has the screen open, or no longer. */
export const ZWatchScreenCommandSchema = z.strictObject({ screen: ZFollowScreenSchema });
export type TWatchScreenCommand = z.infer<typeof ZWatchScreenCommandSchema>;

/** `presentation:start` and `presentation:state`: what the presenter's screen shows now. */
export const ZPresentCommandSchema = z.strictObject({ screen: ZFollowScreenSchema, state: ZFollowStateSchema });
export type TPresentCommand = z.infer<typeof ZPresentCommandSchema>;

/** `presentation:follow`: the socket follows the screen's presenter, or stopped following. */
export const ZFollowCommandSchema = z.strictObject({ screen: ZFollowScreenSchema, following: z.boolean() });
export type TFollowCommand = z.infer<typeof ZFollowCommandSchema>;
