import type { MikroORM } from '@mikro-orm/core';
import {
  LIVE_EVENTS,
  PATHS,
  PRESENTER_GONE_MS,
  ROOM_NAMESPACE,
  ZFollowCommandSchema,
  ZPresentCommandSchema,
  ZWatchScreenCommandSchema,
  canAccessPath,
  followRoom,
  pathTo,
  type TFollowPerson,
  type TFollowScreen,
  type TFollowersEvent,
  type TPresentation,
  type TPresentationEndedEvent,
} from '@v2mom/contracts';
import type { DisconnectReason } from 'socket.io';
import type { SharedLeases } from '../db/redis.js';
import { AppError } from '../http/app-error.js';
import { V2mom } from '../modules/v2moms/v2mom.entity.js';
import type { LiveSocket, SocketData, SocketServer, SocketUser } from './live-socket.js';
import type { RoomNamespace, RoomScreens } from './room-screens.js';
import { COMMAND_ERRORS, currentActor, onCommand, type CommandContext } from './socket-commands.js';

export const FOLLOW_ERRORS = {
  mayNotOpen: "You can't open this screen",
  notWatching: 'Open the screen before presenting or following it',
  notPresenting: 'Start presenting before saying what the screen shows',
  nobodyPresenting: 'Nobody is presenting this screen',
  alreadyPresenting: (name: string) => `${name} is already presenting this screen`,
  busy: 'Someone else is starting to present this screen. Try again in a moment.',
} as const;

type RoomSocket = { id: string; data: Pick<SocketData, 'user' | 'screens'> };

/** How long one start may hold a screen's claim, and how long another start waits for it. */
const CLAIM_TTL_MS = 2_000;
const CLAIM_RETRY_MS = 25;

/**
 * Runs `claim` while holding the screen's claim lease, so that of two starts at once, on any
 * servers, the second sees the first's presenter: checking for a presenter and becoming one is
 * one step.
 */
async function whileClaiming<T>(leases: SharedLeases, room: string, holder: string, claim: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + CLAIM_TTL_MS;
  while (!(await leases.take(room, holder, CLAIM_TTL_MS))) {
    if (Date.now() > giveUpAt) throw new AppError('conflict', FOLLOW_ERRORS.busy);
    await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
  }
  try {
    return await claim();
  } finally {
    await leases.give(room, holder);
  }
}

const personOf = ({ id, name }: SocketUser): TFollowPerson => ({ id, name });

/** Only someone who may open the page may present or follow it (docs/PRODUCT.md#following-the-presenter); rights as they are now. */
async function authorizeScreen(orm: MikroORM, user: SocketUser, screen: TFollowScreen): Promise<void> {
  const em = orm.em.fork();
  if (screen.kind === 'v2mom' && (await em.count(V2mom, { id: screen.v2momId })) === 0) throw new AppError('not_found', COMMAND_ERRORS.notFound);
  const path = screen.kind === 'coo-view' ? PATHS.cooView : pathTo.v2mom(screen.v2momId);
  if (!canAccessPath(await currentActor(em, user), path)) throw new AppError('forbidden', FOLLOW_ERRORS.mayNotOpen);
}

/** The socket presenting the room's screen, if any (one per screen). */
function presenterIn(sockets: readonly RoomSocket[], room: string): RoomSocket | undefined {
  return sockets.find((socket) => socket.data.screens[room]?.presenting);
}

/** The screen's presentation as it is now, read from its sockets on every server; null while nobody presents it. */
export async function currentPresentation(io: SocketServer, screen: TFollowScreen): Promise<TPresentation | null> {
  const room = followRoom(screen);
  const presenter = presenterIn(await io.in(room).fetchSockets(), room);
  const state = presenter?.data.screens[room]?.presenting;
  return presenter && state ? { screen, presenter: personOf(presenter.data.user), state } : null;
}

/** Everyone following that presenter, once per person, by name. */
function followersOf(sockets: readonly RoomSocket[], room: string, presenterSocketId: string): TFollowPerson[] {
  const byUser = new Map<number, TFollowPerson>();
  for (const { data } of sockets) if (data.screens[room]?.following === presenterSocketId) byUser.set(data.user.id, personOf(data.user));
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** How many meeting rooms show the screen, on every server: one per link, however many of its screens are open. */
async function roomsShowing(io: SocketServer, room: string): Promise<number> {
  const screens = await (io.of(ROOM_NAMESPACE) as unknown as RoomNamespace).in(room).fetchSockets();
  return new Set(screens.map((screen) => screen.data.linkId)).size;
}

/** Who follows the screen's presenter now (people and meeting rooms), to the presenter's socket only; nothing while nobody presents. */
export async function tellPresenterFollowers(io: SocketServer, screen: TFollowScreen): Promise<void> {
  const room = followRoom(screen);
  const sockets = await io.in(room).fetchSockets();
  const presenter = presenterIn(sockets, room);
  if (presenter) io.to(presenter.id).emit(LIVE_EVENTS.followersChanged, { screen, followers: followersOf(sockets, room, presenter.id), rooms: await roomsShowing(io, room) });
}

/**
 * The presentation lives in the presenter's socket (`socket.data.screens`), never in the database:
 * it is read from the sockets in the screen's room on every server (fetchSockets goes through the
 * adapter), and what the presenter shows goes to that room only.
 */
export function registerFollowCommands(socket: LiveSocket, context: CommandContext, io: SocketServer, claims: SharedLeases, roomScreens: RoomScreens): void {
  const { user } = socket.data;
  const roomSockets = (room: string) => io.in(room).fetchSockets();

  /** What the presenter shows now, to the others on the screen and to its meeting-room screens. */
  const tellChanged = (presentation: TPresentation) => {
    socket.to(followRoom(presentation.screen)).emit(LIVE_EVENTS.presentationChanged, presentation);
    roomScreens.presentation(presentation.screen, presentation);
  };
  /** The presentation ended, to everyone on the screen and to its meeting-room screens. */
  const tellEnded = (screen: TFollowScreen, reason: TPresentationEndedEvent['reason']) => {
    const ended = { screen, presenter: personOf(user), reason };
    io.to(followRoom(screen)).emit(LIVE_EVENTS.presentationEnded, ended);
    roomScreens.presentationEnded(ended);
  };

  const tellFollowers = (screen: TFollowScreen) => tellPresenterFollowers(io, screen);

  const watched = (screen: TFollowScreen) => {
    const here = socket.data.screens[followRoom(screen)];
    if (!here) throw new AppError('bad_request', FOLLOW_ERRORS.notWatching);
    return here;
  };

  /** Ends what this socket did on the screen: its presentation ends for the room, its following for the presenter. */
  const leaveScreen = async (screen: TFollowScreen, reason: 'stopped' | 'left') => {
    const room = followRoom(screen);
    const here = socket.data.screens[room];
    if (!here) return;
    if (here.presenting) {
      here.presenting = null;
      tellEnded(screen, reason);
    }
    if (here.following) {
      here.following = null;
      await tellFollowers(screen);
    }
  };

  onCommand(socket, context, LIVE_EVENTS.watchScreen, ZWatchScreenCommandSchema, async ({ screen }): Promise<TPresentation | null> => {
    await authorizeScreen(context.orm, user, screen);
    const room = followRoom(screen);
    socket.data.screens[room] ??= { screen, presenting: null, following: null };
    await socket.join(room);
    return currentPresentation(io, screen);
  });

  onCommand(socket, context, LIVE_EVENTS.unwatchScreen, ZWatchScreenCommandSchema, async ({ screen }) => {
    await leaveScreen(screen, 'left');
    const room = followRoom(screen);
    delete socket.data.screens[room];
    await socket.leave(room);
    return null;
  });

  onCommand(socket, context, LIVE_EVENTS.startPresenting, ZPresentCommandSchema, async ({ screen, state }): Promise<TFollowersEvent> => {
    const here = watched(screen);
    await authorizeScreen(context.orm, user, screen);
    const room = followRoom(screen);
    const sockets = await whileClaiming(claims, room, socket.id, async () => {
      const inRoom = await roomSockets(room);
      const other = presenterIn(inRoom, room);
      if (other && other.id !== socket.id) throw new AppError('conflict', FOLLOW_ERRORS.alreadyPresenting(other.data.user.name));
      here.presenting = state;
      return inRoom;
    });
    tellChanged({ screen, presenter: personOf(user), state });
    return { screen, followers: followersOf(sockets, room, socket.id), rooms: await roomsShowing(io, room) };
  });

  onCommand(socket, context, LIVE_EVENTS.presentState, ZPresentCommandSchema, async ({ screen, state }) => {
    const here = watched(screen);
    if (!here.presenting) throw new AppError('bad_request', FOLLOW_ERRORS.notPresenting);
    here.presenting = state;
    tellChanged({ screen, presenter: personOf(user), state });
    return null;
  });

  onCommand(socket, context, LIVE_EVENTS.stopPresenting, ZWatchScreenCommandSchema, async ({ screen }) => {
    if (watched(screen).presenting) await leaveScreen(screen, 'stopped');
    return null;
  });

  onCommand(socket, context, LIVE_EVENTS.follow, ZFollowCommandSchema, async ({ screen, following }) => {
    const here = watched(screen);
    if (following) {
      const room = followRoom(screen);
      const presenter = presenterIn(await roomSockets(room), room);
      if (!presenter || presenter.id === socket.id) throw new AppError('bad_request', FOLLOW_ERRORS.nobodyPresenting);
      here.following = presenter.id;
    } else {
      here.following = null;
    }
    await tellFollowers(screen);
    return null;
  });

  socket.on('disconnect', (reason: DisconnectReason) => {
    const fail = (error: unknown) => context.logger.warn({ err: error, socketId: socket.id }, 'Ending a presentation failed');
    for (const [room, here] of Object.entries(socket.data.screens)) {
      if (here.following) void tellFollowers(here.screen).catch(fail);
      if (!here.presenting) continue;
      const end = () => tellEnded(here.screen, 'left');
      // A closed tab ends it now; a dropped connection may come back within the grace, recovered
      // (the socket's id kept) or as a new connection that presents again: either way it goes on.
      if (reason === 'client namespace disconnect' || reason === 'server namespace disconnect') {
        end();
        continue;
      }
      setTimeout(() => {
        roomSockets(room)
          .then((sockets) => {
            if (!sockets.some((back) => back.id === socket.id) && !presenterIn(sockets, room)) end();
          })
          .catch(fail);
      }, PRESENTER_GONE_MS).unref();
    }
  });
}
