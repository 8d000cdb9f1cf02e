import { z } from 'zod';
import { ZIdSchema, ZUserRefSchema } from '../common/fields.schemas.js';
import { ZCommentSchema, ZThreadSchema, ZThreadSubjectSchema } from './comment.schemas.js';

/**
 * `comment:changed` (docs/PRODUCT.md#comments): one write of a thread, after it committed, to every
 * signed-in socket. An open thread applies it as it is: the thread's head as it is now, the
 * comments the write made or changed (a deleted one with replies as its placeholder), and the ids
 * it removed.
 */
export const ZCommentChangedEventSchema = z.object({
  thread: ZThreadSchema,
  comments: z.array(ZCommentSchema),
  removedIds: z.array(ZIdSchema),
  actor: ZUserRefSchema,
});
export type TCommentChangedEvent = z.infer<typeof ZCommentChangedEventSchema>;

/**
 * `notifications:changed` (docs/PRODUCT.md#notifications): the person's unread count after a
 * notification reached them or they read some, to every tab and device they have open.
 */
export const ZNotificationsChangedEventSchema = z.object({ unread: z.number().int().nonnegative() });
export type TNotificationsChangedEvent = z.infer<typeof ZNotificationsChangedEventSchema>;

/** How long a thread shows "{name} is typing…" after the last `thread:typing` it heard. */
export const TYPING_SHOWN_MS = 5_000;
/** A typing person's client says so at most this often. */
export const TYPING_EVERY_MS = 2_000;

/** `thread:typing` from a client: its person is writing in that thread (docs/PRODUCT.md#comments). */
export const ZThreadTypingCommandSchema = z.strictObject({ subject: ZThreadSubjectSchema, subjectId: ZIdSchema });
export type TThreadTypingCommand = z.infer<typeof ZThreadTypingCommandSchema>;

/** `thread:typing` to every other signed-in socket: who is writing in which thread. Volatile. */
export const ZThreadTypingEventSchema = ZThreadTypingCommandSchema.extend({ person: ZUserRefSchema });
export type TThreadTypingEvent = z.infer<typeof ZThreadTypingEventSchema>;
