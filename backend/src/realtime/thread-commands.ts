import {
  LIVE_EVENTS,
  ZThreadCommandSchema,
  canAccessPath,
  canComment,
  pathTo,
  threadRoom,
  type TThreadCommand,
} from '@v2mom/contracts';
import { AppError } from '../http/app-error.js';
import { subjectOf } from '../modules/comments/comments.service.js';
import type { LiveSocket, SocketUser } from './live-socket.js';
import { COMMAND_ERRORS, currentActor, onCommand, type CommandContext } from './socket-commands.js';

const THREAD_ERRORS = {
  mayNotRead: "You can't open this thread",
} as const;

/**
 * A thread is open to whoever may open its item's V2MOM (docs/PRODUCT.md#comments): the item must
 * exist and its V2MOM be one they read (404 otherwise, as its thread's page answers), and the
 * rights are read as they are now.
 */
async function authorizeThread(context: CommandContext, user: SocketUser, { subject, subjectId }: TThreadCommand): Promise<void> {
  const em = context.orm.em.fork();
  const actor = await currentActor(em, user);
  const { v2momId } = await subjectOf(em, actor ?? user, { subject, id: subjectId });
  if (!canAccessPath(actor, pathTo.v2mom(v2momId))) throw new AppError('forbidden', THREAD_ERRORS.mayNotRead);
}

/**
 * thread:open, thread:close and thread:typing. A thread's writes go to its room alone
 * (live.ts, commentChanged), so a socket hears a thread's text only while it shows that thread;
 * the server names the room from a checked command. A socket leaves its rooms as it disconnects.
 */
export function registerThreadCommands(socket: LiveSocket, context: CommandContext): void {
  onCommand(socket, context, LIVE_EVENTS.openThread, ZThreadCommandSchema, async (thread) => {
    await authorizeThread(context, socket.data.user, thread);
    await socket.join(threadRoom(thread.subject, thread.subjectId));
    return null;
  });

  onCommand(socket, context, LIVE_EVENTS.closeThread, ZThreadCommandSchema, async ({ subject, subjectId }) => {
    await socket.leave(threadRoom(subject, subjectId));
    return null;
  });

  // Whoever may comment says they are writing; the others with the thread open hear it, the next one replaces it.
  // Not held to the typist's own rooms: its thread:open may still be under way (each command runs as it arrives).
  // Not volatile: the word comes at most every TYPING_EVERY_MS a typist, often just after their post, while the
  // post's own events are still being written to the others' connections; a volatile one was dropped then,
  // and the next word is two seconds away (none at all when the next comment is pasted).
  onCommand(socket, context, LIVE_EVENTS.threadTyping, ZThreadCommandSchema, async ({ subject, subjectId }) => {
    const { user } = socket.data;
    if (!canComment(user)) throw new AppError('forbidden', COMMAND_ERRORS.mayNotComment);
    socket.to(threadRoom(subject, subjectId)).emit(LIVE_EVENTS.threadTyping, { subject, subjectId, person: { id: user.id, name: user.name, active: true } });
    return null;
  });
}
