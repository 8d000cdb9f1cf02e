import { ZCommentChangedEventSchema } from '@v2mom/contracts';

/**
 * The checks of a thread's typing words and writes (use-thread-typing.ts), a module of its own so
 * that they and zod load with the first such event: none comes while nobody else writes there.
 */
export { ZThreadTypingEventSchema } from '@v2mom/contracts';

/** Of a thread's write, what says whose it was and which thread: the rest is the live bridge's. */
export const ZThreadWriteSchema = ZCommentChangedEventSchema.pick({ thread: true, actor: true });
