import { LIVE_EVENTS, v2momRoom, type TPresenceEvent, type TPresenceMember } from '@v2mom/contracts';
import type { Logger } from 'pino';
import type { SocketData, SocketServer } from './live-socket.js';

/**
 * One entry per person on a V2MOM, from the presence each of their sockets declared: `editing`
 * wins over `viewing`, and the item shown is the one an editing tab has focused. Sorted by name.
 */
export function presenceMembers(sockets: readonly Pick<SocketData, 'user' | 'presence'>[], v2momId: number): TPresenceMember[] {
  const byUser = new Map<number, TPresenceMember>();
  for (const { user, presence } of sockets) {
    const here = presence[v2momId];
    if (!here) continue;
    const member = byUser.get(user.id) ?? { userId: user.id, name: user.name, avatarUrl: user.avatarUrl, mode: here.mode, item: null };
    if (here.mode === 'editing') member.mode = 'editing';
    if (here.mode === 'editing' && here.item && !member.item) member.item = here.item;
    byUser.set(user.id, member);
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
}

/**
 * Presence lives in the sockets themselves (`socket.data.presence`), never in the database: the
 * member list is computed from the sockets in the V2MOM's room, on every server (fetchSockets goes
 * through the adapter), whenever someone joins, leaves, focuses or disconnects.
 */
export class Presence {
  /** The last announcement per V2MOM: the next waits for it, so lists never overtake each other. */
  readonly #announcing = new Map<number, Promise<TPresenceEvent>>();

  constructor(
    private readonly io: SocketServer,
    private readonly logger: Logger,
  ) {}

  async current(v2momId: number): Promise<TPresenceEvent> {
    const sockets = await this.io.in(v2momRoom(v2momId)).fetchSockets();
    return { v2momId, members: presenceMembers(sockets.map((socket) => socket.data), v2momId) };
  }

  /**
   * Tells the room who is there now (volatile: a missed list is replaced by the next) and returns
   * the list. A socket that joins has the list as its answer, so it is left out (`joiner`): a
   * V2MOM's first view then checks no presence event (docs/PERFORMANCE.md, what a first visit downloads).
   */
  announce(v2momId: number, joiner?: string): Promise<TPresenceEvent> {
    const previous = this.#announcing.get(v2momId);
    const next = (previous ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const event = await this.current(v2momId);
        const room = this.io.to(v2momRoom(v2momId));
        (joiner ? room.except(joiner) : room).volatile.emit(LIVE_EVENTS.presenceChanged, event);
        return event;
      });
    this.#announcing.set(v2momId, next);
    void next.then(
      () => this.#forget(v2momId, next),
      (error: unknown) => {
        this.#forget(v2momId, next);
        this.logger.warn({ err: error, v2momId }, 'Presence announcement failed');
      },
    );
    return next;
  }

  /** Resolves once no announcement is in flight (a closing server waits for it before Redis goes). */
  async settled(): Promise<void> {
    while (this.#announcing.size > 0) await Promise.allSettled(this.#announcing.values());
  }

  #forget(v2momId: number, done: Promise<TPresenceEvent>): void {
    if (this.#announcing.get(v2momId) === done) this.#announcing.delete(v2momId);
  }
}
