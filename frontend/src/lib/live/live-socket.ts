import type { ClientToServerEvents, ServerToClientEvents } from '@v2mom/contracts';
import { atom } from 'jotai';
import { io, type Socket } from 'socket.io-client';

/** The app's one Socket.IO connection, typed with the contracts' event maps (docs/PRODUCT.md#live-events). */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Same origin as the page and the API, with the session cookie. It does not connect until the
 * signed-in shell asks it to, so the login route never opens a socket. WebSocket first: one
 * connection, no polling round trips, and no sticky sessions needed behind several servers;
 * HTTP long-polling only where a proxy blocks WebSockets.
 */
function createLiveSocket(): LiveSocket {
  return io({ withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'], tryAllTransports: true });
}

/** How the shell makes its socket; tests put an in-memory stand-in here. */
export const liveSocketFactoryAtom = atom<{ create: () => LiveSocket }>({ create: createLiveSocket });
