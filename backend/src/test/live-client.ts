import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@v2mom/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from './test-app.js';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts listening on a free loopback port (once) and returns the server's base URL. */
export async function listen(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface ClientOptions {
  /** Reconnect by itself after a dropped connection (default true, quickly). */
  reconnection?: boolean;
  /** Runs before the connection opens, e.g. to record events that follow the handshake at once. */
  prepare?: (socket: LiveClient) => void;
  /** The Socket.IO parser, when not socket.io-parser's default (the load test shares its decoding). */
  parser?: object;
}

/** A real Socket.IO client as a browser tab would be, signed in with `cookie`; resolves once connected. */
export async function connectClient(url: string, cookie: string, { reconnection = true, prepare, parser }: ClientOptions = {}): Promise<LiveClient> {
  const socket: LiveClient = connect(url, {
    transports: ['websocket'],
    autoConnect: false,
    reconnection,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    extraHeaders: { cookie },
    ...(parser ? { parser } : {}),
  });
  prepare?.(socket);
  socket.connect();
  await new Promise<void>((resolve, reject) => {
    // Only the first connection's outcome: a failed reconnection later must not end the client.
    const connected = () => {
      socket.off('connect_error', failed);
      resolve();
    };
    const failed = (error: Error) => {
      socket.off('connect', connected);
      socket.disconnect();
      reject(error);
    };
    socket.once('connect', connected);
    socket.once('connect_error', failed);
  });
  return socket;
}

/** Resolves with 'connected' or the connect_error message, then disconnects. */
export function handshake(url: string, headers: Record<string, string>): Promise<string> {
  const socket: LiveClient = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: headers });
  return new Promise<string>((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (error) => resolve(error.message));
  }).finally(() => socket.disconnect());
}

type EventName = keyof ServerToClientEvents;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];
/** What the log records: a packet's payload, or each event of a packet that carries several. */
type EventOf<E extends EventName> = PayloadOf<E> extends ReadonlyArray<infer Event> ? Event : PayloadOf<E>;

/**
 * Records every `event` a client receives from now on, so a test can wait for the one it expects
 * (`next`) and also see what arrived before it, without sleeping. A packet that carries several
 * (`entity:changed`) is recorded as each of them, in order.
 */
export class EventLog<E extends EventName> {
  readonly received: Array<EventOf<E>> = [];
  readonly #waiting = new Set<() => void>();

  constructor(socket: LiveClient, event: E) {
    const record = (payload: PayloadOf<E>) => {
      this.received.push(...((Array.isArray(payload) ? payload : [payload]) as Array<EventOf<E>>));
      for (const wake of this.#waiting) wake();
    };
    // The listener map is typed per event; this log is generic over them.
    (socket as unknown as { on(event: string, listener: (payload: PayloadOf<E>) => void): void }).on(event, record);
  }

  /**
   * The first payload (already received or still to come) that satisfies `matches`; fails after
   * `withinMs` listing what did arrive, so a missing event names itself instead of timing the test out.
   */
  next(matches: (payload: EventOf<E>) => boolean = () => true, withinMs = 5_000): Promise<EventOf<E>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(wake);
        reject(new Error(`Expected event did not arrive within ${withinMs} ms; received: ${JSON.stringify(this.received)}`));
      }, withinMs);
      const check = () => {
        const found = this.received.find(matches);
        if (found === undefined) return false;
        this.#waiting.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      if (!check()) this.#waiting.add(wake);
    });
  }
}

/** Resolves when the client's connection ends, with the reason Socket.IO gives. */
export function disconnected(socket: LiveClient): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/**
 * The demo organisation served on a real port, with admin, member and viewer signed in: each
 * `connect(username)` is a new tab of theirs; `stop()` closes the tabs, then the app.
 */
export interface LiveTestBed {
  app: TestApp;
  connect(username: 'admin' | 'member' | 'viewer', options?: ClientOptions): Promise<LiveClient>;
  stop(): Promise<void>;
}

export async function startLiveTestBed(): Promise<LiveTestBed> {
  const app = await startTestApp({ seed: 'demo' });
  const url = await listen(app.server);
  const cookies = { admin: await app.login('admin'), member: await app.login('member'), viewer: await app.login('viewer') };
  const clients: LiveClient[] = [];
  return {
    app,
    async connect(username, options) {
      const client = await connectClient(url, cookies[username], options);
      clients.push(client);
      return client;
    },
    async stop() {
      for (const client of clients) client.disconnect();
      await app.stop();
    },
  };
}
