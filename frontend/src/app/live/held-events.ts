import { LIVE_EVENTS } from '@v2mom/contracts';

/**
 * The events the live bridge applies (live-bridge.ts). The bridge checks them with the contracts'
 * zod schemas, so it loads with the first of them rather than with the page
 * (docs/PERFORMANCE.md, "What a first visit downloads").
 */
export const BRIDGED_EVENTS = [
  LIVE_EVENTS.entityChanged,
  LIVE_EVENTS.commentChanged,
  LIVE_EVENTS.threadCounted,
  LIVE_EVENTS.notificationsChanged,
  LIVE_EVENTS.integrationsChanged,
  LIVE_EVENTS.alignmentRollup,
  LIVE_EVENTS.roundChanged,
  LIVE_EVENTS.roundCheckedIn,
] as const;

export type BridgedEvent = (typeof BRIDGED_EVENTS)[number];

type EventListener = (payload: unknown) => void;

/** Where the bridge listens: the socket's bridged events, as they are released. */
export interface BridgedEvents {
  on(event: BridgedEvent, listener: EventListener): void;
  off(event: BridgedEvent, listener: EventListener): void;
}

/** The socket's events, in the order they came, until the bridge is here to take them. */
interface HeldEvents {
  detach(): void;
}

/**
 * Listens to the bridged events from the socket's start. The first one asks for the bridge
 * (`load`, given where to listen); every event that comes before it is ready is held, and handed
 * to it in the order it came once it is, so none is lost. Later events go straight through. A
 * bridge that failed to load is asked for again with the next event, the held ones still kept.
 */
export function holdLiveEvents(socket: BridgedEvents, load: (events: BridgedEvents) => Promise<void>): HeldEvents {
  const listeners = new Map<BridgedEvent, Set<EventListener>>();
  const released: BridgedEvents = {
    on: (event, listener) => void listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
    off: (event, listener) => void listeners.get(event)?.delete(listener),
  };
  const deliver = (event: BridgedEvent, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));

  // Null once the bridge took what was held: from then on events are delivered as they come.
  let held: Array<[BridgedEvent, unknown]> | null = [];
  let loading = false;
  let detached = false;

  const release = () => {
    const events = held ?? [];
    held = null;
    for (const [event, payload] of events) deliver(event, payload);
  };
  const askForBridge = () => {
    loading = true;
    load(released).then(
      () => {
        if (!detached) release();
      },
      () => {
        loading = false;
      },
    );
  };

  const receivers = BRIDGED_EVENTS.map((event) => {
    const receive = (payload: unknown) => {
      if (!held) return deliver(event, payload);
      held.push([event, payload]);
      if (!loading) askForBridge();
    };
    socket.on(event, receive);
    return [event, receive] as const;
  });

  return {
    detach() {
      detached = true;
      held = null;
      for (const [event, receive] of receivers) socket.off(event, receive);
      listeners.clear();
    },
  };
}
