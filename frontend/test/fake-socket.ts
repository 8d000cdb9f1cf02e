import type { LiveSocket } from '../src/lib/live/live-socket';

type Listener = (...args: never[]) => void;
type AckHandler = (event: string, payload: unknown) => unknown;

/**
 * An in-memory stand-in for the Socket.IO client: the app code talks to it as to a socket, the
 * test plays the server (`serverConnect`, `serverEmit`, `serverDisconnect`) and sees what the app
 * sent (`sent`). Commands with an acknowledgement are answered by `answer` (by default nobody
 * else is on a V2MOM, the meeting brief is taken and its words never come, and every other command
 * succeeds).
 */
export class FakeSocket {
  connected = false;
  active = false;
  recovered = false;
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  answer: AckHandler = (event, payload) => {
    if (event === 'v2mom:join') return { data: { v2momId: (payload as { v2momId: number }).v2momId, members: [] } };
    if (event === 'assistant:brief') return { data: { replyId: 'brief' } };
    return { data: null };
  };
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    this.listeners.set(event, set.add(listener));
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload: unknown, ack?: (answer: unknown) => void): this {
    this.sent.push({ event, payload });
    if (ack) queueMicrotask(() => ack(this.answer(event, payload)));
    return this;
  }

  /** `socket.timeout(ms).emit(...)`: the acknowledgement gets `(error, answer)`; this stand-in always answers in time. */
  timeout(_ms: number): { emit(event: string, payload: unknown, ack: (error: Error | null, answer: unknown) => void): void } {
    return { emit: (event, payload, ack) => void this.emit(event, payload, (answer) => ack(null, answer)) };
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.active = false;
    if (this.connected) this.serverDisconnect('io client disconnect');
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** The server accepts the connection (`recovered`: it replayed what was missed). */
  serverConnect({ recovered = false } = {}): void {
    this.connected = true;
    this.recovered = recovered;
    this.fire('connect');
  }

  serverDisconnect(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  serverEmit(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }

  asLiveSocket(): LiveSocket {
    return this as unknown as LiveSocket;
  }
}
