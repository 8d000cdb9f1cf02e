import { z } from 'zod';
import { ZIdSchema, ZUserRefSchema } from '../common/fields.schemas.js';
import type { TThreadSubject } from './comment.limits.js';
import { ZCommentSchema, ZThreadSchema, ZThreadSubjectSchema } from './comment.schemas.js';

/**
 * The room of the sockets that have one thread open (`thread:open`), where its writes go. The
 * server names it from a checked command; a client never names a room.
 */
export const threadRoom = (subject: TThreadSubject, subjectId: number) => `thread:${subject}:${subjectId}`;

/**
 * `thread:open` and `thread:close`: the thread a socket shows, or no longer shows; `thread:typing`:
 * its person is writing in the thread it has open (docs/PRODUCT.md#comments).
 */
export const ZThreadCommandSchema = z.strictObject({ subject: ZThreadSubjectSchema, subjectId: ZIdSchema });
export type TThreadCommand = z.infer<typeof ZThreadCommandSchema>;

/**
 * `comment:changed` (docs/PRODUCT.md#comments): one write of a thread, after it committed, to the
 * sockets that have that thread open. An open thread applies it as it is: the thread's head as it
 * is now, the comments the write made or changed (a deleted one with replies as its placeholder; a
 * reply's comment, with its new `replyCount`, beside a reply made or removed), and the ids it removed.
 */
export const ZCommentChangedEventSchema = z.object({
  thread: ZThreadSchema,
  comments: z.array(ZCommentSchema),
  removedIds: z.array(ZIdSchema),
  actor: ZUserRefSchema,
});
export type TCommentChangedEvent = z.infer<typeof ZCommentChangedEventSchema>;

/**
 * `thread:counted`: a thread's number of comments after a post or a deletion, to every signed-in
 * socket that reads its V2MOM (a draft's to its readers alone, docs/PRODUCT.md#approval), so the
 * counts lists and badges show stay right. No text: that goes to the thread's room.
 */
export const ZThreadCountedEventSchema = ZThreadSchema.pick({ subject: true, subjectId: true, v2momId: true, commentCount: true });
export type TThreadCountedEvent = z.infer<typeof ZThreadCountedEventSchema>;

/**
 * `notifications:changed` (docs/PRODUCT.md#notifications): the person's unread count after a
 * notification reached them or they read some, to every tab and device they have open.
 */
export const ZNotificationsChangedEventSchema = z.object({ unread: z.number().int().nonnegative() });
export type TNotificationsChangedEvent = z.infer<typeof ZNotificationsChangedEventSchema>;

/** `thread:typing` to the other sockets that have the thread open: who is writing in it. Volatile. */
export const ZThreadTypingEventSchema = ZThreadCommandSchema.extend({ person: ZUserRefSchema });
export type TThreadTypingEvent = z.infer<typeof ZThreadTypingEventSchema>;
