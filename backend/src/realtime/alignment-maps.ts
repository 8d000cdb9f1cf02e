import { ALIGNMENT_MAP_ROOM, LIVE_EVENTS, PATHS, ZWatchAlignmentCommandSchema, canAccessPath, type TAlignmentRollupEvent } from '@v2mom/contracts';
import type { Logger } from 'pino';
import type { SharedStore } from '../db/redis.js';
import { AppError } from '../http/app-error.js';
import type { LiveSocket, SocketServer } from './live-socket.js';
import { screenServers } from './screen-servers.js';
import { COMMAND_ERRORS, onCommand, type CommandContext } from './socket-commands.js';

/** The open alignment maps, as the roll-ups (alignment-rollups.ts) and the socket server use them. */
export interface AlignmentMaps {
  /** Listens to a new socket's `alignment:watch`. */
  register(socket: LiveSocket, context: CommandContext): void;
  /** Whether a map may be open on any server: false only when none is. Ask only after the write committed. */
  anyOpen(): Promise<boolean>;
  /** The figures, to the sockets with a map open, on every server. */
  send(event: TAlignmentRollupEvent): void;
  /** Stops saying this server has maps open (it closes). */
  close(): void;
}

/**
 * Which sockets have an alignment map open (docs/PRODUCT.md#alignment-map): they are in
 * ALIGNMENT_MAP_ROOM, and while this server has one, it says so (screen-servers.ts) so that a
 * write anywhere reads and sends its roll-up; while no server has one, a write does neither.
 * Without Redis this server is the only one, and counts its own.
 *
 * Why an open map misses no roll-up: a socket joins the room, then its server says it has maps
 * open, then `alignment:watch` is acknowledged, and only then does the map read its pages; the
 * ordering argument is screen-servers.ts's. When the word may have lapsed, this server's maps
 * hear `alignment:changed` and read their pages again.
 */
export function alignmentMaps(io: SocketServer, logger: Logger, store: SharedStore | undefined): AlignmentMaps {
  const readAgainHere = () => io.local.to(ALIGNMENT_MAP_ROOM).emit(LIVE_EVENTS.alignmentChanged);
  const servers = store && screenServers(store, logger, 'alignment-map', readAgainHere);
  let openHere = 0;

  return {
    register(socket, context) {
      /** This socket has a map open, counted here. */
      let open = false;
      /** Resolves once its map is said to be open. */
      let said: Promise<unknown> = Promise.resolve();
      const closed = () => {
        if (!open) return;
        open = false;
        openHere--;
        servers?.closed();
      };
      // A recovered socket comes back in its rooms, but not counted: its map says again that it is open.
      if (socket.recovered) void socket.leave(ALIGNMENT_MAP_ROOM);
      socket.on('disconnect', closed);

      onCommand(socket, context, LIVE_EVENTS.watchAlignment, ZWatchAlignmentCommandSchema, async (command) => {
        if (!command.open) {
          closed();
          await socket.leave(ALIGNMENT_MAP_ROOM);
          return null;
        }
        if (!canAccessPath(socket.data.user, PATHS.alignment)) throw new AppError('forbidden', COMMAND_ERRORS.mayNotOpenMap);
        // In its room first (the adapters join at once), then said to be open; the answer, after
        // which the map reads, last. Counted in the same turn, so a close or a disconnect that
        // comes while it is said takes back what this counted.
        const joined = socket.join(ALIGNMENT_MAP_ROOM);
        if (!open && socket.connected) {
          open = true;
          openHere++;
          said = servers?.opened() ?? said;
        }
        await joined;
        await said.catch((error: unknown) => logger.warn({ err: error }, 'Saying that an alignment map opened failed'));
        return null;
      });
    },
    async anyOpen() {
      if (openHere > 0) return true;
      return servers ? servers.anyOpen() : false;
    },
    send(event) {
      io.to(ALIGNMENT_MAP_ROOM).emit(LIVE_EVENTS.alignmentRollup, event);
    },
    close() {
      servers?.close();
    },
  };
}
