import type { ClientToServerEvents, ServerToClientEvents, TCapability, TFollowScreen, TFollowState, TPresenceItem, TPresenceMode, TRole } from '@v2mom/contracts';
import type { Server, Socket } from 'socket.io';

/**
 * Who a socket belongs to, as plain data: with the Redis adapter `fetchSockets()` carries
 * `socket.data` between servers, so it holds no entities, Maps or class instances.
 */
export interface SocketUser {
  id: number;
  name: string;
  avatarUrl: string | null;
  department: string;
  role: TRole;
  capabilities: TCapability[];
}

/** What this socket is doing on one V2MOM; `socket.data.presence` keys them by V2MOM id. */
interface SocketPresence {
  mode: TPresenceMode;
  item: TPresenceItem | null;
}

/** A screen the socket has open that one can present (docs/PRODUCT.md#following-the-presenter). */
interface SocketScreen {
  screen: TFollowScreen;
  /** What it shows, while this socket presents the screen. */
  presenting: TFollowState | null;
  /** The presenting socket this one follows. */
  following: string | null;
}

export interface SocketData {
  user: SocketUser;
  sessionId: string;
  /** When the session ends (epoch ms); the socket ends with it. */
  sessionEndsAt: number;
  presence: Record<string, SocketPresence>;
  /** Keyed by the screen's room (followRoom). */
  screens: Record<string, SocketScreen>;
}

/** What a server tells the others directly: changes otherwise travel as ordinary broadcasts. */
export const INTER_SERVER_EVENTS = {
  /** Webhooks changed on the sending server: each drops what it keeps of them (live.ts). */
  webhooksChanged: 'webhooks:changed',
} as const;

interface InterServerEvents {
  [INTER_SERVER_EVENTS.webhooksChanged]: () => void;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
