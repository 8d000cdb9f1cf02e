import { LIVE_EVENTS, ORG_ROOM, SETTINGS_ONLY_ENTITIES, SETTINGS_ROOM, departmentRoom, v2momRoom, type TEntityChangedEvent, type TUserRef } from '@v2mom/contracts';
import type { ChangeSet } from '../modules/shared/change-set.js';
import type { SocketServer } from './live-socket.js';
import { now } from '../server-clock.js';
import { DRAFT_READERS_ROOM, userRoom } from './private-rooms.js';

/**
 * After a fan-out that kept the event loop for t ms, the next waits until 2 × t ms have passed,
 * so that sending events takes at most a third of the server's time, however many sockets. A
 * longer pause makes events wait longer for their packet; a shorter one makes a write's round
 * trips wait longer behind fan-outs (docs/PERFORMANCE.md, "The load test").
 */
const FAN_OUT_SHARE_DIVISOR = 2;

/**
 * The `entity:changed` events of one committed write, one per changed row. The actor is null only
 * for what no person did (a meeting-room link's use, noted by its screen), which the catalogue
 * allows for those rows alone.
 */
function changeEvents(changeSet: ChangeSet, actor: TUserRef | null, at: Date): TEntityChangedEvent[] {
  const when = at.toISOString();
  return changeSet.changes.map((change) => ({ ...change, departments: changeSet.departments, actor, at: when }) as TEntityChangedEvent);
}

/**
 * Who hears a row's change, as the key its packet goes by and the rooms whose screens show the row:
 * settings holders alone for admin data; a draft's rows its readers alone (their own rooms, the
 * drafts' readers' and the V2MOM's, which only they join); else its V2MOM's, its departments' and
 * the whole organisation's (lists).
 */
function changeAudience(event: TEntityChangedEvent, drafts: DraftReaders): { key: string; rooms: string[] } {
  if (SETTINGS_ONLY_ENTITIES.has(event.entity)) return { key: SETTINGS_ROOM, rooms: [SETTINGS_ROOM] };
  if (event.v2momId === null) return { key: ORG_ROOM, rooms: [ORG_ROOM, ...event.departments.map(departmentRoom)] };
  const room = v2momRoom(event.v2momId);
  const readers = drafts.get(event.v2momId);
  if (readers !== undefined) return { key: room, rooms: [DRAFT_READERS_ROOM, room, ...readers.map(userRoom)] };
  return { key: ORG_ROOM, rooms: [ORG_ROOM, ...event.departments.map(departmentRoom), room] };
}

/** The V2MOMs of a write not published to everyone, each with the ids of the people who read it besides `manage_structure` (modules/v2moms/draft-readers.ts). */
type DraftReaders = ReadonlyMap<number, readonly number[]>;

export interface ChangePublisher {
  /** Queues a committed write's events, a draft's to its readers alone; call only after the commit. */
  publish(changeSet: ChangeSet, actor: TUserRef | null, drafts: DraftReaders): void;
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
 * have got alone, and a socket in several of the rooms gets the packet once. Admin data's events
 * (SETTINGS_ONLY_ENTITIES) travel in a packet of their own, to settings holders alone, sent
 * right after the organisation's; so does each draft V2MOM's, to its readers alone
 * (docs/PRODUCT.md#approval).
 */
export function changePublisher(io: SocketServer, onError: (error: unknown) => void): ChangePublisher {
  let packets = new Map<string, { events: TEntityChangedEvent[]; rooms: Set<string> }>();
  let scheduled: NodeJS.Timeout | undefined;
  let nextFlushAt = 0;

  const flush = () => {
    clearTimeout(scheduled);
    scheduled = undefined;
    if (packets.size === 0) return;
    const sending = packets;
    packets = new Map();
    const started = performance.now();
    for (const { events, rooms } of sending.values()) {
      try {
        io.to([...rooms]).emit(LIVE_EVENTS.entityChanged, events);
      } catch (error) {
        // The writes are committed and answered; a failed notification must not turn them into errors.
        onError(error);
      }
    }
    const ended = performance.now();
    nextFlushAt = ended + FAN_OUT_SHARE_DIVISOR * (ended - started);
  };

  return {
    publish(changeSet, actor, drafts) {
      for (const event of changeEvents(changeSet, actor, now())) {
        const audience = changeAudience(event, drafts);
        const packet = packets.get(audience.key) ?? { events: [], rooms: new Set<string>() };
        packets.set(audience.key, packet);
        packet.events.push(event);
        for (const room of audience.rooms) packet.rooms.add(room);
      }
      scheduled ??= setTimeout(flush, Math.max(0, nextFlushAt - performance.now()));
    },
    flush,
  };
}
