import type { Server as HttpServer } from 'node:http';
import type { MikroORM } from '@mikro-orm/core';
import { COO_VIEW_ROOM, LIVE_EVENTS, ORG_ROOM, PATHS, SETTINGS_ROOM, SOCKET_MAX_PAYLOAD_BYTES, canAccessPath, canAdminister, departmentRoom } from '@v2mom/contracts';
import type { Logger } from 'pino';
import { Server, type ServerOptions } from 'socket.io';
import { endAt } from './end-at.js';
import { SharedLeases, type SharedStore } from '../db/redis.js';
import { isTrustedOrigin, type OriginPolicy } from '../http/origins.js';
import type { SessionCookie } from '../modules/auth/session-cookie.js';
import { findLiveSession } from '../modules/auth/sessions.service.js';
import type { SignedInUser } from '../modules/auth/signed-in-user.js';
import type { AssistantProvider } from '../assistant/providers/provider.js';
import { alignmentMaps, type AlignmentMaps } from './alignment-maps.js';
import { registerAssistantCommands } from './assistant-commands.js';
import { AssistantReplies, type DeltaTrace } from './assistant-replies.js';
import type { LiveSocket, SocketServer, SocketUser } from './live-socket.js';
import { registerFollowCommands } from './follow-commands.js';
import { serveRoomScreens, type RoomScreens } from './room-screens.js';
import type { RoomRequestLimit } from '../modules/rooms/room-request-limit.js';
import type { ChangeSet } from '../modules/shared/change-set.js';
import { Presence } from './presence.js';
import { DRAFT_READERS_ROOM, sessionRoom, userRoom } from './private-rooms.js';
import { readsEveryV2mom } from '../modules/v2moms/v2mom-visibility.js';
import { commandRateLimiter, limitCommandRate, registerCommands } from './socket-commands.js';
import { registerThreadCommands } from './thread-commands.js';

export type { SocketServer } from './live-socket.js';

/** The handshake's refusal for a user who must still replace a temporary password. */
export const PASSWORD_CHANGE_REQUIRED_ERROR = 'password_change_required';

/** How long a dropped client may take to come back and still get the events it missed. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

export interface SocketServerDeps {
  httpServer: HttpServer;
  orm: MikroORM;
  cookie: SessionCookie;
  origins: OriginPolicy;
  logger: Logger;
  /** Shares broadcasts between servers (Redis); by default this process's memory only. */
  adapter?: ServerOptions['adapter'];
  /** With REDIS_URL: where each user's one running assistant reply is held for every server. */
  commandStore?: SharedStore | undefined;
  /** Answers `assistant:ask` and `assistant:insights`. */
  assistant: AssistantProvider;
  /** Sees every assistant delta as it leaves (benchmarks); unset by default. */
  assistantTrace?: ((sample: DeltaTrace) => void) | undefined;
  /** Meeting-room screens: their handshakes' rate, and where a noted use goes. */
  room: { limit: RoomRequestLimit; noted: (changeSet: ChangeSet) => void };
}

function socketUser(user: SignedInUser): SocketUser {
  const { id, name, avatarUrl, role, capabilities } = user;
  return { id, name, avatarUrl: avatarUrl ?? null, role, capabilities: [...capabilities], department: user.department.name };
}

/**
 * Socket.IO on the app's own HTTP server. A handshake needs a browser origin we trust (or none,
 * as from server-side clients) and the same live session cookie the REST API accepts; so does a
 * recovered connection (`skipMiddlewares: false`), as its session may have ended meanwhile.
 */
export function createSocketServer({ httpServer, orm, cookie, origins, logger, adapter, commandStore, assistant, assistantTrace, room }: SocketServerDeps): {
  io: SocketServer;
  presence: Presence;
  roomScreens: RoomScreens;
  alignment: AlignmentMaps;
} {
  const io: SocketServer = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    ...(adapter ? { adapter } : {}),
    allowRequest(req, callback) {
      const origin = req.headers.origin;
      callback(null, origin === undefined || isTrustedOrigin(origin, req.headers.host, origins));
    },
  });

  io.use(async (socket, next) => {
    try {
      const sessionId = await cookie.read(socket.request.headers.cookie);
      const session = sessionId ? await findLiveSession(orm.em.fork(), sessionId) : null;
      if (!sessionId || !session) return next(new Error('unauthorized'));
      // The HTTP hold's rule (docs/PRODUCT.md#temporary-passwords-api): nothing live until the temporary password is replaced.
      if (session.user.passwordChangeRequired) return next(new Error(PASSWORD_CHANGE_REQUIRED_ERROR));
      const sameSession = socket.recovered && socket.data.sessionId === sessionId;
      // A recovered socket comes back with its rooms and presence; under another session it starts afresh.
      if (socket.recovered && !sameSession) {
        for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
      }
      socket.data = {
        user: socketUser(session.user),
        sessionId,
        sessionEndsAt: session.expiresAt.getTime(),
        presence: sameSession ? socket.data.presence : {},
        screens: sameSession ? socket.data.screens : {},
      };
      next();
    } catch (error) {
      logger.error({ err: error }, 'Socket handshake failed');
      next(new Error('unauthorized'));
    }
  });

  const presence = new Presence(io, logger);
  const roomScreens = serveRoomScreens(io, { orm, logger, ...room, store: commandStore });
  const alignment = alignmentMaps(io, logger, commandStore);
  const limiter = commandRateLimiter();
  const leases = new SharedLeases('assistant-reply', commandStore, logger);
  const briefRewritten = (bySocketId: string) => {
    io.to(COO_VIEW_ROOM).except(bySocketId).emit(LIVE_EVENTS.briefChanged);
    roomScreens.briefChanged();
  };
  const replies = new AssistantReplies({ orm, provider: assistant, logger, leases, trace: assistantTrace, briefRewritten });
  const presentingClaims = new SharedLeases('presenting-claim', commandStore, logger);
  io.on('connection', (socket: LiveSocket) => {
    const { user, sessionId } = socket.data;
    // Admin data's events go to settings holders alone. Rights come from the handshake: a change to
    // them disconnects the user's sockets (live.ts, disconnectUser), which rejoin as they now are.
    const settings = canAdminister(user) ? [SETTINGS_ROOM] : [];
    // Every check-in round goes to the COO View's people; to others only through their department's room.
    const rounds = canAccessPath(user, PATHS.cooView) ? [COO_VIEW_ROOM] : [];
    // A draft's changes go to those who read it (docs/PRODUCT.md#approval): these and the owner's and manager's user rooms.
    const drafts = readsEveryV2mom(user) ? [DRAFT_READERS_ROOM] : [];
    void socket.join([ORG_ROOM, departmentRoom(user.department), userRoom(user.id), sessionRoom(sessionId), ...settings, ...rounds, ...drafts]);
    endAt(socket, () => socket.data.sessionEndsAt);
    limitCommandRate(socket, limiter);
    registerCommands(socket, { orm, presence, logger });
    registerThreadCommands(socket, { orm, presence, logger });
    registerAssistantCommands(socket, { orm, presence, logger }, replies);
    registerFollowCommands(socket, { orm, presence, logger }, io, presentingClaims, roomScreens);
    alignment.register(socket, { orm, presence, logger });
    // Presence others lost when this socket dropped comes back with it.
    if (socket.recovered) for (const v2momId of Object.keys(socket.data.presence)) void presence.announce(Number(v2momId));
    socket.on('disconnect', () => {
      for (const v2momId of Object.keys(socket.data.presence)) void presence.announce(Number(v2momId));
    });
  });

  return { io, presence, roomScreens, alignment };
}
