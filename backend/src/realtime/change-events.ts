import { LIVE_EVENTS, ORG_ROOM, departmentRoom, v2momRoom, type TEntityChangedEvent, type TUserRef } from '@v2mom/contracts';
import type { ChangeSet } from '../modules/shared/change-set.js';
import type { SocketServer } from './live-socket.js';

/**
 * After a fan-out that kept the event loop for t ms, the next waits until 2 × t ms have passed,
 * so that sending events takes at most a third of the server's time, however many sockets. A
 * longer pause makes events wait longer for their packet; a shorter one makes a write's round
 * trips wait longer behind fan-outs (docs/PERFORMANCE.md, "The load test").
 */
const FAN_OUT_SHARE_DIVISOR = 2;

/** The `entity:changed` events of one committed write, one per changed row. */
function changeEvents(changeSet: ChangeSet, actor: TUserRef, at: Date): TEntityChangedEvent[] {
  const when = at.toISOString();
  return changeSet.changes.map((change) => ({ ...change, departments: changeSet.departments, actor, at: when }));
}

/** The rooms whose screens show the row: its V2MOM's, its departments', and the whole organisation's (lists). */
function changeRooms(event: TEntityChangedEvent): string[] {
  const rooms = [ORG_ROOM, ...event.departments.map(departmentRoom)];
  if (event.v2momId !== null) rooms.push(v2momRoom(event.v2momId));
  return rooms;
}

export interface ChangePublisher {
  /** Queues a committed write's events; call only after the commit. */
  publish(changeSet: ChangeSet, actor: TUserRef): void;
  /** Sends what is queued now (before the server closes). */
  flush(): void;
}

/**
 * Emits committed writes' events on every server (through the adapter), several writes' events
 * in one `entity:changed` packet, in commit order (docs/PRODUCT.md#live-events). A write's events
 * leave as soon as its turn of the event loop ends, unless the previous packet's fan-out was
 * recent enough to need a pause (FAN_OUT_SHARE_DIVISOR); what commits meanwhile joins the next
 * packet. Every socket's frame costs a system call: one packet for many writes instead of one per
 * event is what lets a server with a thousand sockets take fifty writes a second
 * (docs/PERFORMANCE.md#the-load-test), and a quiet server sends each write at once.
 * The packet goes to the union of its events' rooms: each event's rooms include the
 * organisation's, which every signed-in socket joins, so no socket gets an event it would not
 * have got alone, and a socket in several of the rooms gets the packet once.
 */
export function changePublisher(io: SocketServer, onError: (error: unknown) => void): ChangePublisher {
  let queued: TEntityChangedEvent[] = [];
  let rooms = new Set<string>();
  let scheduled: NodeJS.Timeout | undefined;
  let nextFlushAt = 0;

  const flush = () => {
    clearTimeout(scheduled);
    scheduled = undefined;
    if (queued.length === 0) return;
    const events = queued;
    const to = [...rooms];
    queued = [];
    rooms = new Set();
    const started = performance.now();
    try {
      io.to(to).emit(LIVE_EVENTS.entityChanged, events);
    } catch (error) {
      // The writes are committed and answered; a failed notification must not turn them into errors.
      onError(error);
    }
    const ended = performance.now();
    nextFlushAt = ended + FAN_OUT_SHARE_DIVISOR * (ended - started);
  };

  return {
    publish(changeSet, actor) {
      for (const event of changeEvents(changeSet, actor, new Date())) {
        queued.push(event);
        for (const room of changeRooms(event)) rooms.add(room);
      }
      scheduled ??= setTimeout(flush, Math.max(0, nextFlushAt - performance.now()));
    },
    flush,
  };
}
