import type { Server as HttpServer } from 'node:http';
import type { MikroORM } from '@mikro-orm/core';
import {
  followRoom,
  LIVE_EVENTS,
  ORG_ROOM,
  COO_VIEW_ROOM,
  departmentRoom,
  SETTINGS_ROOM,
  threadRoom,
  type TCommentChangedEvent,
  type TFollowScreen,
  type THeartbeatEvent,
  type TRound,
  type TRoundCheckedInEvent,
  type TThread,
  type TUserRef,
} from '@v2mom/contracts';
import type { Logger } from 'pino';
import type { SharedStore } from '../db/redis.js';
import type { OriginPolicy } from '../http/origins.js';
import type { DataGeneration } from '../http/data-generation.js';
import type { AssistantProvider } from '../assistant/providers/provider.js';
import type { SessionCookie } from '../modules/auth/session-cookie.js';
import { unreadCounts } from '../modules/notifications/notifications.service.js';
import type { DeltaTrace } from './assistant-replies.js';
import type { ChangeSet } from '../modules/shared/change-set.js';
import { alignmentRollups } from './alignment-rollups.js';
import { changePublisher } from './change-events.js';
import { draftReaders } from '../modules/v2moms/draft-readers.js';
import { INTER_SERVER_EVENTS, type SocketServer } from './live-socket.js';
import { DRAFT_READERS_ROOM, sessionRoom, userRoom } from './private-rooms.js';
import { connectRedisAdapter } from './redis-adapter.js';
import { limitUserCommandRate, userCommandRateLimiter } from './socket-commands.js';
import { RECOVERY_WINDOW_MS, createSocketServer } from './socket-server.js';
import { readAfterCommit } from './read-after-commit.js';
import { serialBatches } from './serial-batches.js';
import type { RoomRequestLimit } from '../modules/rooms/room-request-limit.js';
import { now } from '../server-clock.js';

/** Well inside the recovery window, so every socket always holds an offset the server still knows. */
const HEARTBEAT_INTERVAL_MS = RECOVERY_WINDOW_MS / 2;

export interface LiveDeps {
  httpServer: HttpServer;
  orm: MikroORM;
  cookie: SessionCookie;
  origins: OriginPolicy;
  logger: Logger;
  /** When the data last changed, on any server (heartbeats tell clients). */
  dataGeneration: DataGeneration;
  /**
   * With REDIS_URL: the connection (not the adapter's) where what every server must see per user
   * lives: command counters and the assistant's running reply.
   */
  commandStore?: SharedStore | undefined;
  /** Set: servers share events and recovery sessions through Redis Streams. */
  redisUrl?: string | undefined;
  /** Names this deployment's stream, channels and keys in Redis. */
  redisPrefix: string;
  /** Answers the assistant's socket commands. */
  assistant: AssistantProvider;
  /** Sees every assistant delta as it leaves (benchmarks). */
  assistantTrace?: ((sample: DeltaTrace) => void) | undefined;
  /** Meeting-room screens: their handshakes' rate. */
  room: { limit: RoomRequestLimit };
  /** Tells every server's read cache of a committed write (http/read-cache.ts), before its events leave. */
  written: (changeSet: ChangeSet) => Promise<void>;
  /** What this server does when webhooks changed on any server: drop the list it keeps of them (modules/webhooks/enabled-webhooks.ts). */
  onWebhooksChanged: () => void;
}

/** The live side of the app (docs/PRODUCT.md#live-behaviour), as the rest of the backend uses it. */
export interface Live {
  io: SocketServer;
  /**
   * After a write committed: its changed rows in the next `entity:changed`, on every server, a
   * draft V2MOM's to its readers alone (docs/PRODUCT.md#approval), and the alignment map's figures
   * it moved in `alignment:rollup` to the open maps, if any (alignment-rollups.ts). The actor is
   * null only for what no person did (a meeting-room link's noted use).
   */
  publish(changeSet: ChangeSet, actor: TUserRef | null): void;
  /**
   * After a write no person made committed (a meeting-room link's noted use): the read caches
   * learn of it, as `sendWritten` has them do, then its rows go out with no actor.
   */
  noted(changeSet: ChangeSet): void;
  /** After a thread's write committed: `comment:changed` to the sockets that have that thread open, on every server. */
  commentChanged(event: TCommentChangedEvent): void;
  /**
   * After a post or a deletion committed: the thread's new count (`thread:counted`, no text) to every
   * signed-in socket, on every server; a draft V2MOM's thread's to its readers alone (docs/PRODUCT.md#approval).
   */
  threadCounted(thread: TThread): void;
  /** After people's unread notifications changed: each one's count to their own sockets, on every server. */
  unreadChanged(userIds: ReadonlySet<number>): void;
  /** Ends the sockets of one session (logout), on every server. */
  disconnectSession(sessionId: string): void;
  /**
   * Ends every socket of a user, on every server; their tabs reconnect (if a session is left)
   * as the user is now. The one call for any server-side change to who a user is: their sessions
   * ended (password change), their role, capabilities or department changed, or the account was
   * deactivated (with its sessions ended first, so that nothing reconnects). A socket's rooms
   * and presence name come from its handshake; only `v2mom:join` re-reads the rights itself.
   */
  disconnectUser(userId: number): void;
  /** Ends every screen a meeting-room link opened, on every server (docs/PRODUCT.md#meeting-room-links). */
  endRoomLink(linkId: number): void;
  /**
   * After a round's start, move or end committed: its row to the sockets allowed to see it (the COO
   * View's people and the departments it goes through) and to the COO View's meeting-room screens,
   * on every server (docs/PRODUCT.md#the-check-in-round).
   */
  roundChanged(round: TRound): void;
  /** After a check-in in a round committed: the person's row in the turn, to the COO View's people, that department's sockets and the room screens. */
  roundCheckedIn(event: TRoundCheckedInEvent, department: string): void;
  /**
   * After a token was made or revoked: `integrations:changed` to its owner's sockets and settings
   * holders', on every server (docs/PRODUCT.md#live-events).
   */
  apiTokensChanged(ownerId: number): void;
  /**
   * After a webhook or one of its deliveries changed: every server drops its list of webhooks
   * (`LiveDeps.onWebhooksChanged`), and `integrations:changed` goes to settings holders' sockets.
   */
  webhooksChanged(): void;
  /** Who follows the presenter of a screen now, on every server: the people, once each. */
  followersOf(screen: TFollowScreen): Promise<number[]>;
  /** Resolves once the events of every write published so far are out, with the reads they wait for after the commit. */
  settled(): Promise<void>;
  /** Stops sockets and the HTTP server they ride on, then the Redis connection. */
  close(): Promise<void>;
}

export async function startLive(deps: LiveDeps): Promise<Live> {
  const { logger, dataGeneration } = deps;
  const redis = deps.redisUrl ? await connectRedisAdapter({ url: deps.redisUrl, prefix: deps.redisPrefix, logger }) : undefined;
  const noted = (changeSet: ChangeSet) => {
    if (changeSet.changes.length === 0) return;
    deps.written(changeSet).then(
      () => publish(changeSet, null),
      (error: unknown) => logger.error({ err: error }, 'Publishing a committed change failed'),
    );
  };
  const { io, presence, roomScreens, alignment } = createSocketServer({ ...deps, room: { ...deps.room, noted }, adapter: redis?.adapter });
  io.on(INTER_SERVER_EVENTS.webhooksChanged, () => deps.onWebhooksChanged());

  // When the data last changed, on whichever server; unknown (the shared store away) counts as just now.
  const heartbeat = async (): Promise<THeartbeatEvent> => {
    const generation = await dataGeneration.current();
    // How long ago is elapsed time, measured on the system's clock as the generation was.
    return { at: now().toISOString(), lastChangeMsAgo: generation ? Math.max(0, Date.now() - generation.at) : 0 };
  };
  const userLimiter = userCommandRateLimiter(deps.commandStore);
  io.on('connection', (socket) => {
    // After the socket's own bound (createSocketServer's listener runs first).
    limitUserCommandRate(socket, userLimiter);
    // Non-volatile and through the adapter (not socket.emit), so the socket gets its first offset.
    void heartbeat().then((payload) => io.to(socket.id).emit(LIVE_EVENTS.heartbeat, payload));
  });
  const timer = setInterval(() => void heartbeat().then((payload) => io.to(ORG_ROOM).emit(LIVE_EVENTS.heartbeat, payload)), HEARTBEAT_INTERVAL_MS);
  timer.unref();
  const changes = changePublisher(io, (error) => logger.error({ err: error }, 'Publishing a committed change failed'));
  const rollups = alignmentRollups(alignment, () => deps.orm.em.fork(), {
    onRetry: (error, attempt) => logger.warn({ err: error, attempt }, "Reading the alignment map's figures after a write failed; trying again"),
    onError: (error) => logger.error({ err: error }, 'Sending the alignment roll-up failed'),
  });
  /** Which of a write's V2MOMs are drafts, read after its commit, tried again while no connection comes. */
  const draftsOf = (v2momIds: readonly number[]) =>
    readAfterCommit(
      () => draftReaders(deps.orm.em.fork(), v2momIds),
      (error, attempt) => logger.warn({ err: error, attempt }, 'Reading which V2MOMs of a write are drafts failed; trying again'),
    );
  /**
   * What goes out once it is known which of its V2MOMs are drafts, in commit order: the writes
   * committed while one batch's drafts are read go together in the next, one read for the lot.
   */
  const afterDraftRead = serialBatches<{ v2momIds: readonly number[]; send: (drafts: Map<number, number[]>) => void }>(async (items) => {
    const v2momIds = [...new Set(items.flatMap((item) => item.v2momIds))];
    const drafts =
      v2momIds.length === 0
        ? new Map<number, number[]>()
        : await draftsOf(v2momIds).catch((error: unknown) => {
            logger.error({ err: error }, 'Reading which V2MOMs of writes are drafts failed: their events are not sent');
            return null;
          });
    for (const { v2momIds: needed, send } of items) {
      // Only the writes that needed the read lose their events; those that needed none still go.
      if (drafts === null && needed.length > 0) continue;
      try {
        send(drafts ?? new Map());
      } catch (error) {
        logger.error({ err: error }, 'Publishing a committed change failed');
      }
    }
  }, (error) => logger.error({ err: error }, 'Publishing committed changes failed'));
  function publish(changeSet: ChangeSet, actor: TUserRef | null): void {
    // Those the write found read by everyone need no read: most writes' events wait for none.
    const published = new Set(changeSet.published);
    const v2momIds = [...new Set(changeSet.changes.flatMap((change) => (change.v2momId === null || published.has(change.v2momId) ? [] : [change.v2momId])))];
    afterDraftRead.add({
      v2momIds,
      send: (drafts) => {
        changes.publish(changeSet, actor, drafts);
        roomScreens.changed(changeSet);
      },
    });
    rollups.publish(changeSet);
  }

  return {
    io,
    publish,
    noted,
    commentChanged(event) {
      io.to(threadRoom(event.thread.subject, event.thread.subjectId)).emit(LIVE_EVENTS.commentChanged, event);
    },
    threadCounted({ subject, subjectId, v2momId, commentCount }) {
      // In commit order with the other events; a draft's count only to its readers, as its changes go.
      afterDraftRead.add({
        v2momIds: [v2momId],
        send: (drafts) => {
          const readers = drafts.get(v2momId);
          const rooms = readers === undefined ? ORG_ROOM : [DRAFT_READERS_ROOM, ...readers.map(userRoom)];
          io.to(rooms).emit(LIVE_EVENTS.threadCounted, { subject, subjectId, v2momId, commentCount });
        },
      });
    },
    unreadChanged(userIds) {
      if (userIds.size === 0) return;
      unreadCounts(deps.orm.em.fork(), [...userIds]).then(
        (counts) => {
          for (const userId of userIds) io.to(userRoom(userId)).emit(LIVE_EVENTS.notificationsChanged, { unread: counts.get(userId) ?? 0 });
        },
        (error: unknown) => logger.error({ err: error }, 'Telling people their unread count failed'),
      );
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    endRoomLink(linkId) {
      roomScreens.end(linkId);
    },
    roundChanged(round) {
      io.to([COO_VIEW_ROOM, ...round.departments.map(departmentRoom)]).emit(LIVE_EVENTS.roundChanged, round);
      roomScreens.roundChanged(round);
    },
    roundCheckedIn(event, department) {
      io.to([COO_VIEW_ROOM, departmentRoom(department)]).emit(LIVE_EVENTS.roundCheckedIn, event);
      roomScreens.roundCheckedIn(event);
    },
    apiTokensChanged(ownerId) {
      io.to([userRoom(ownerId), SETTINGS_ROOM]).emit(LIVE_EVENTS.integrationsChanged, { list: 'apiTokens' });
    },
    webhooksChanged() {
      deps.onWebhooksChanged();
      // The other servers, through Redis; before the screens' event, which goes the same way after it.
      if (redis) io.serverSideEmit(INTER_SERVER_EVENTS.webhooksChanged);
      io.to(SETTINGS_ROOM).emit(LIVE_EVENTS.integrationsChanged, { list: 'webhooks' });
    },
    async followersOf(screen) {
      const room = followRoom(screen);
      const sockets = await io.in(room).fetchSockets();
      return [...new Set(sockets.filter((socket) => socket.data.screens[room]?.following).map((socket) => socket.data.user.id))];
    },
    async settled() {
      await afterDraftRead.settled();
      await rollups.settled();
    },
    async close() {
      clearInterval(timer);
      roomScreens.close();
      alignment.close();
      await afterDraftRead.settled();
      changes.flush();
      await rollups.settled();
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
        deps.httpServer.closeAllConnections();
      });
      // Closing ended every socket, and each told its V2MOMs' rooms (through Redis) who is left.
      await presence.settled();
      await redis?.close();
    },
  };
}
