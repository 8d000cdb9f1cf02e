import type { MikroORM } from '@mikro-orm/core';
import {
  LIVE_EVENTS,
  ROOM_EVENTS,
  ROOM_LINK_ENDED_ERROR,
  ROOM_NAMESPACE,
  followRoom,
  type RoomServerToClientEvents,
  type TFollowScreen,
  type TPresentation,
  type TPresentationEndedEvent,
  type TRound,
  type TRoundCheckedInEvent,
} from '@v2mom/contracts';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import type { SharedStore } from '../db/redis.js';
import { auditRoomLinkUse, findLiveRoomLink } from '../modules/rooms/room-links.service.js';
import type { RoomRequestLimit } from '../modules/rooms/room-request-limit.js';
import { ROOM_TOKEN_PATTERN } from '../modules/rooms/room-token.js';
import type { ChangeSet } from '../modules/shared/change-set.js';
import { currentPresentation, tellPresenterFollowers } from './follow-commands.js';
import type { SocketServer } from './live-socket.js';
import { endAt } from './end-at.js';
import { screenServers } from './screen-servers.js';
import { now } from '../server-clock.js';

/** A room socket's principal as plain data (fetchSockets carries it between servers). */
interface RoomSocketData {
  linkId: number;
  screen: TFollowScreen;
  /** When the link expires (epoch ms); the socket ends then. */
  endsAt: number;
}

export type RoomNamespace = Namespace<Record<string, never>, RoomServerToClientEvents, Record<string, never>, RoomSocketData>;
type RoomSocket = Socket<Record<string, never>, RoomServerToClientEvents, Record<string, never>, RoomSocketData>;

/** The room of every socket one link opened, which revoking it disconnects on every server. */
const linkRoom = (linkId: number) => `room-link:${linkId}`;

/**
 * The COO View shows methods, their V2MOMs' titles, their owners' names, a past quarter's reviews and
 * the meeting brief, which names obstacles; a V2MOM's screen, its own items and people's names.
 */
const COO_VIEW_ENTITIES = new Set(['method', 'v2mom', 'user', 'quarterReview', 'obstacle']);
const V2MOM_ENTITIES = new Set(['v2mom', 'value', 'method', 'obstacle']);

export interface RoomScreensDeps {
  orm: MikroORM;
  logger: Logger;
  limit: RoomRequestLimit;
  /** Publishes a link's noted use once it committed (live.ts). */
  noted: (changeSet: ChangeSet) => void;
  /** With servers sharing Redis: where each says whether it has room screens open (screen-servers.ts). */
  store?: SharedStore | undefined;
}

/** The meeting-room screens' side of the live server, as the rest of it uses it. */
export interface RoomScreens {
  /** After a write committed: each room whose view shows a changed row hears that it changed (no data). */
  changed(changeSet: ChangeSet): void;
  /** What a presenter's screen shows, to the room screens of that screen (follow-commands.ts). */
  presentation(screen: TFollowScreen, event: TPresentation): void;
  presentationEnded(event: TPresentationEndedEvent): void;
  /** The check-in round, to the COO View's screens (docs/PRODUCT.md#the-check-in-round). */
  roundChanged(round: TRound): void;
  roundCheckedIn(event: TRoundCheckedInEvent): void;
  /** The meeting brief was written again: the COO View's screens read their view (and its brief) again. */
  briefChanged(): void;
  /** Disconnects every screen a link opened, on every server: it was revoked. */
  end(linkId: number): void;
  /** Stops saying this server has screens (it closes). */
  close(): void;
}

/** Every room screen: a person's new name may be on any of them. */
const EVERY_ROOM_SCREEN = 'room-screens';

/** The rooms (of the `/room` namespace) whose views show this write's rows. */
function changedRooms(changeSet: ChangeSet): string[] {
  const rooms = new Set<string>();
  for (const change of changeSet.changes) {
    if (change.entity === 'user') return [EVERY_ROOM_SCREEN];
    if (COO_VIEW_ENTITIES.has(change.entity)) rooms.add(followRoom({ kind: 'coo-view' }));
    if (change.v2momId !== null && V2MOM_ENTITIES.has(change.entity)) rooms.add(followRoom({ kind: 'v2mom', v2momId: change.v2momId }));
  }
  return [...rooms];
}

/** A room screen only listens: whatever it sends is refused, through its acknowledgement when it asks for one. */
function refuseCommands(socket: RoomSocket): void {
  socket.use(([, ...args]) => {
    const ack: unknown = args.at(-1);
    if (typeof ack === 'function') ack({ error: 'A meeting-room screen can only watch' });
  });
}

/**
 * The `/room` namespace (docs/PRODUCT.md#meeting-room-links): a socket of its own kind, whose
 * handshake takes a live link's token (counted against the address's room rate first), which
 * joins only its link's room and its one view's room, hears only that its view changed and what
 * that screen's presenter shows, and ends when the link expires or is revoked.
 */
export function serveRoomScreens(io: SocketServer, { orm, logger, limit, noted, store }: RoomScreensDeps): RoomScreens {
  const rooms = io.of(ROOM_NAMESPACE) as unknown as RoomNamespace;
  /** Every screen here reads its view again. */
  const readAgainHere = () => rooms.local.emit(ROOM_EVENTS.viewChanged);
  const servers = store && screenServers(store, logger, 'room', readAgainHere);
  /** The rooms of the writes published since the last question, which the next one is asked for. */
  let asking: Set<string> | undefined;

  rooms.use(async (socket, next) => {
    try {
      await limit.admit(socket.handshake.address);
      const { token } = socket.handshake.auth as { token?: unknown };
      const principal = typeof token === 'string' && ROOM_TOKEN_PATTERN.test(token) ? await findLiveRoomLink(orm.em.fork(), token, now()) : null;
      if (!principal) return next(new Error(ROOM_LINK_ENDED_ERROR));
      socket.data = { linkId: principal.linkId, screen: principal.screen, endsAt: principal.expiresAt.getTime() };
      if (!socket.recovered) noted(await auditRoomLinkUse(orm.em.fork(), principal, socket.handshake.address, now()));
      next();
    } catch (error) {
      logger.warn({ err: error }, 'A meeting-room screen was refused');
      next(new Error(ROOM_LINK_ENDED_ERROR));
    }
  });

  /** A room screen that opened or closed changes how many rooms follow the screen's presenter. */
  const tellPresenter = (screen: TFollowScreen) =>
    tellPresenterFollowers(io, screen).catch((error: unknown) => logger.warn({ err: error }, 'Telling a presenter of the meeting rooms that follow failed'));

  rooms.on('connection', (socket: RoomSocket) => {
    const { linkId, screen } = socket.data;
    let counted = false;
    void Promise.resolve(socket.join([linkRoom(linkId), followRoom(screen), EVERY_ROOM_SCREEN])).then(() => {
      void tellPresenter(screen);
      if (!servers || socket.disconnected) return;
      // In its rooms first, then said to be open, then its view read again: see screen-servers.ts.
      counted = true;
      servers
        .opened()
        .then((toldAll) => {
          if (!toldAll) socket.emit(ROOM_EVENTS.viewChanged);
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'Saying that a meeting-room screen opened failed'));
    });
    endAt(socket as unknown as Socket, () => socket.data.endsAt);
    refuseCommands(socket);
    socket.on('disconnect', () => {
      void tellPresenter(screen);
      if (counted) servers?.closed();
    });
    // A presentation already running reaches the screen that just opened.
    currentPresentation(io, screen)
      .then((presentation) => {
        if (presentation) socket.emit(LIVE_EVENTS.presentationChanged, presentation);
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'Telling a meeting-room screen of its presentation failed'));
  });

  return {
    changed(changeSet) {
      const to = changedRooms(changeSet);
      if (to.length === 0) return;
      if (!servers) return void rooms.to(to).emit(ROOM_EVENTS.viewChanged);
      // The writes published in this turn of the event loop share one question, asked after each
      // committed (a question asked before a write committed says nothing of screens opened since).
      if (asking) {
        for (const room of to) asking.add(room);
        return;
      }
      const batch = new Set(to);
      asking = batch;
      queueMicrotask(() => {
        asking = undefined;
        servers
          .anyOpen()
          .then((open) => {
            if (open) rooms.to([...batch]).emit(ROOM_EVENTS.viewChanged);
          })
          .catch((error: unknown) => logger.error({ err: error }, 'Telling the meeting-room screens of a change failed'));
      });
    },
    presentation(screen, event) {
      rooms.to(followRoom(screen)).emit(LIVE_EVENTS.presentationChanged, event);
    },
    presentationEnded(event) {
      rooms.to(followRoom(event.screen)).emit(LIVE_EVENTS.presentationEnded, event);
    },
    roundChanged(round) {
      rooms.to(followRoom({ kind: 'coo-view' })).emit(LIVE_EVENTS.roundChanged, round);
    },
    roundCheckedIn(event) {
      rooms.to(followRoom({ kind: 'coo-view' })).emit(LIVE_EVENTS.roundCheckedIn, event);
    },
    briefChanged() {
      rooms.to(followRoom({ kind: 'coo-view' })).emit(ROOM_EVENTS.viewChanged);
    },
    end(linkId) {
      rooms.in(linkRoom(linkId)).disconnectSockets(true);
    },
    close() {
      servers?.close();
    },
  };
}
