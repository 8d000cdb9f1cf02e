import type { EntityManager, MikroORM } from '@mikro-orm/core';
import {
  LIVE_EVENTS,
  SOCKET_COMMANDS_PER_SECOND,
  USER_COMMANDS_PER_SECOND,
  ZFocusItemCommandSchema,
  ZJoinV2momCommandSchema,
  ZLeaveV2momCommandSchema,
  canAccessPath,
  canEditV2mom,
  pathTo,
  v2momRoom,
  type ClientToServerEvents,
  type TAck,
  type TJoinV2momCommand,
} from '@v2mom/contracts';
import type { Logger } from 'pino';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { sharedRateLimiter, type SharedStore } from '../db/redis.js';
import { AppError } from '../http/app-error.js';
import { User } from '../modules/users/user.entity.js';
import { V2mom } from '../modules/v2moms/v2mom.entity.js';
import { readsV2mom } from '../modules/v2moms/v2mom-visibility.js';
import type { LiveSocket, SocketUser } from './live-socket.js';
import type { Presence } from './presence.js';

export const COMMAND_ERRORS = {
  tooFast: `Too many live commands: at most ${SOCKET_COMMANDS_PER_SECOND} per second. Try again in a moment.`,
  /** All of one person's tabs together have a bound of their own, larger than one tab's. */
  tooFastForUser: `Too many live commands from your open tabs together: at most ${USER_COMMANDS_PER_SECOND} per second. Try again in a moment.`,
  notFound: 'V2MOM not found',
  mayNotRead: "You can't open this V2MOM",
  mayNotEdit: "You can't edit this V2MOM",
  notJoined: 'Join the V2MOM before saying what you are editing',
  mayNotComment: 'Read-only accounts can read comments but not write them',
  mayNotOpenMap: "You can't open the alignment map",
  internal: 'Something went wrong on the server. Please try again.',
} as const;

type CommandName = keyof ClientToServerEvents;
/** What a command's acknowledgement carries when it succeeds. */
type AnswerData<K extends CommandName> = Extract<Parameters<Parameters<ClientToServerEvents[K]>[1]>[0], { data: unknown }>['data'];

export interface CommandContext {
  orm: MikroORM;
  presence: Presence;
  logger: Logger;
}

/** `a.b: message; c: message`, short enough for a toast. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : 'payload'}: ${issue.message}`).join('; ');
}

/**
 * The acknowledgement a client passed, if any (always the last argument), or a no-op: a client
 * that sends a command without one still gets the command done.
 */
function replyOf(args: readonly unknown[]): (answer: TAck<unknown>) => void {
  const last = args.at(-1);
  return typeof last === 'function' ? (answer) => (last as (answer: TAck<unknown>) => void)(answer) : () => {};
}

/** Listens to a client command whose payload arrives untrusted: parsed, answered, never thrown. */
export function onCommand<K extends CommandName, S extends z.ZodType>(
  socket: LiveSocket,
  context: CommandContext,
  name: K,
  schema: S,
  run: (input: z.infer<S>) => Promise<AnswerData<K>>,
): void {
  const listener = async (...args: unknown[]) => {
    const reply = replyOf(args);
    const payload = typeof args[0] === 'function' ? undefined : args[0];
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      reply({ error: `Invalid ${name}: ${describeIssues(parsed.error)}` });
      return;
    }
    try {
      reply({ data: await run(parsed.data) });
    } catch (error) {
      if (error instanceof AppError) {
        reply({ error: error.message });
        return;
      }
      context.logger.error({ err: error, command: name, socketId: socket.id }, 'Live command failed');
      reply({ error: COMMAND_ERRORS.internal });
    }
  };
  // The event map types what a well-behaved client sends; what arrives is parsed above instead.
  (socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on(name, listener);
}

/**
 * Bounds every incoming event of a socket (known or not) to SOCKET_COMMANDS_PER_SECOND; over it,
 * the event is dropped and its acknowledgement, if any, says why.
 */
export function limitCommandRate(socket: LiveSocket, limiter: RateLimiterMemory): void {
  socket.use((packet, next) => {
    limiter.consume(socket.id).then(
      () => next(),
      () => replyOf(packet)({ error: COMMAND_ERRORS.tooFast }),
    );
  });
}

export function commandRateLimiter(): RateLimiterMemory {
  return new RateLimiterMemory({ points: SOCKET_COMMANDS_PER_SECOND, duration: 1 });
}

/**
 * Bounds the events of all of a user's sockets together, on every server, to
 * USER_COMMANDS_PER_SECOND, so that many tabs do not multiply the socket's own bound; refused as
 * that one is, quoting this bound. Registered after it (live.ts), so a flooding tab spends its own budget first.
 */
export function limitUserCommandRate(socket: LiveSocket, limiter: RateLimiterAbstract): void {
  socket.use((packet, next) => {
    limiter.consume(socket.data.user.id).then(
      () => next(),
      () => replyOf(packet)({ error: COMMAND_ERRORS.tooFastForUser }),
    );
  });
}

/** The per-user counters live in Redis when the servers share one, as the sign-in throttle's do. */
export function userCommandRateLimiter(store?: SharedStore): RateLimiterAbstract {
  return sharedRateLimiter({ keyPrefix: 'live-commands-user', points: USER_COMMANDS_PER_SECOND, duration: 1 }, store);
}

/** The socket's user with their role and capabilities as they are now; null once the account is gone. */
export async function currentActor(em: EntityManager, user: SocketUser): Promise<SocketUser | null> {
  const current = await em.findOne(User, { id: user.id }, { fields: ['role', 'capabilities'] });
  return current && { ...user, role: current.role, capabilities: current.capabilities };
}

/**
 * Joining needs a V2MOM that exists and a page the user may open; `editing` also needs the right
 * to edit that V2MOM (its owner, or manage_structure), the rule its save checks. The rights are
 * read as they are now, not as the socket connected with: join is the one command that checks
 * any, it goes to the database for the V2MOM anyway, and it is rare (once per page), so one more
 * lookup here is cheaper than any window in which a changed role still counts.
 */
async function authorizeJoin(orm: MikroORM, user: SocketUser, { v2momId, mode }: TJoinV2momCommand): Promise<void> {
  const em = orm.em.fork();
  const v2mom = await em.findOne(V2mom, { id: v2momId }, { fields: ['owner'] });
  const actor = await currentActor(em, user);
  // A draft is not there for whoever may not read it (docs/PRODUCT.md#approval).
  if (!v2mom || (actor && !(await readsV2mom(em, actor, v2momId)))) throw new AppError('not_found', COMMAND_ERRORS.notFound);
  if (!canAccessPath(actor, pathTo.v2mom(v2momId))) throw new AppError('forbidden', COMMAND_ERRORS.mayNotRead);
  if (mode === 'editing' && !canEditV2mom(actor, { userId: v2mom.owner.id })) throw new AppError('forbidden', COMMAND_ERRORS.mayNotEdit);
}

/** v2mom:join, v2mom:leave and presence:focus (threads' commands: thread-commands.ts). */
export function registerCommands(socket: LiveSocket, context: CommandContext): void {
  const { presence } = context;

  onCommand(socket, context, LIVE_EVENTS.joinV2mom, ZJoinV2momCommandSchema, async (command) => {
    await authorizeJoin(context.orm, socket.data.user, command);
    const previous = socket.data.presence[command.v2momId];
    socket.data.presence[command.v2momId] = { mode: command.mode, item: command.mode === 'editing' ? (previous?.item ?? null) : null };
    await socket.join(v2momRoom(command.v2momId));
    return presence.announce(command.v2momId, socket.id);
  });

  onCommand(socket, context, LIVE_EVENTS.leaveV2mom, ZLeaveV2momCommandSchema, async ({ v2momId }) => {
    if (!socket.data.presence[v2momId]) return null;
    delete socket.data.presence[v2momId];
    await socket.leave(v2momRoom(v2momId));
    await presence.announce(v2momId);
    return null;
  });

  onCommand(socket, context, LIVE_EVENTS.focusItem, ZFocusItemCommandSchema, async ({ v2momId, item }) => {
    const here = socket.data.presence[v2momId];
    if (!here) throw new AppError('bad_request', COMMAND_ERRORS.notJoined);
    // Kept while viewing too, but shown only while the socket is editing (presenceMembers).
    here.item = item;
    await presence.announce(v2momId);
    return null;
  });
}
