import { LIVE_EVENTS } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { BRIDGED_EVENTS, holdLiveEvents, type BridgedEvent, type BridgedEvents } from './held-events';

/** A bridge that loads when the test says, and records what it is handed, in order. */
function slowBridge() {
  const heard: Array<[BridgedEvent, unknown]> = [];
  const loads: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const load = (events: BridgedEvents) =>
    new Promise<void>((resolve, reject) => {
      loads.push({
        resolve: () => {
          for (const event of BRIDGED_EVENTS) events.on(event, (payload) => heard.push([event, payload]));
          resolve();
        },
        reject,
      });
    });
  return { heard, loads, load };
}

/** Lets the promise callbacks that are due run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('events before the live bridge is loaded', () => {
  it('are held from the socket’s start and handed to the bridge in the order they came, then later ones go straight through', async () => {
    const socket = new FakeSocket();
    const bridge = slowBridge();
    holdLiveEvents(socket.asLiveSocket(), bridge.load);
    expect(bridge.loads).toHaveLength(0); // nothing asked for until an event needs it

    socket.serverEmit(LIVE_EVENTS.entityChanged, ['first']);
    socket.serverEmit(LIVE_EVENTS.threadCounted, 'second');
    socket.serverEmit(LIVE_EVENTS.roundChanged, 'third');
    expect(bridge.loads).toHaveLength(1); // asked for once, by the first event
    await settle();
    expect(bridge.heard).toEqual([]);

    bridge.loads[0]?.resolve();
    await settle();
    expect(bridge.heard).toEqual([
      [LIVE_EVENTS.entityChanged, ['first']],
      [LIVE_EVENTS.threadCounted, 'second'],
      [LIVE_EVENTS.roundChanged, 'third'],
    ]);

    socket.serverEmit(LIVE_EVENTS.notificationsChanged, 'fourth');
    expect(bridge.heard.at(-1)).toEqual([LIVE_EVENTS.notificationsChanged, 'fourth']);
    expect(bridge.loads).toHaveLength(1);
  });

  it('are kept when the bridge fails to load, and handed over when the next event loads it', async () => {
    const socket = new FakeSocket();
    const bridge = slowBridge();
    holdLiveEvents(socket.asLiveSocket(), bridge.load);
    socket.serverEmit(LIVE_EVENTS.entityChanged, ['first']);
    bridge.loads[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    await settle();

    socket.serverEmit(LIVE_EVENTS.commentChanged, 'second');
    expect(bridge.loads).toHaveLength(2);
    bridge.loads[1]?.resolve();
    await settle();
    expect(bridge.heard).toEqual([
      [LIVE_EVENTS.entityChanged, ['first']],
      [LIVE_EVENTS.commentChanged, 'second'],
    ]);
  });

  it('are dropped with the connection: a bridge that loads after it closed is handed nothing', async () => {
    const socket = new FakeSocket();
    const bridge = slowBridge();
    const held = holdLiveEvents(socket.asLiveSocket(), bridge.load);
    socket.serverEmit(LIVE_EVENTS.entityChanged, ['first']);
    held.detach();
    for (const event of BRIDGED_EVENTS) expect(socket.listenerCount(event)).toBe(0);
    bridge.loads[0]?.resolve();
    await settle();
    expect(bridge.heard).toEqual([]);
  });
});
