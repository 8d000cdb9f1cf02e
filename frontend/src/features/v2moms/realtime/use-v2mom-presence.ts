import { LIVE_EVENTS, type TPresenceEvent, type TPresenceItem, type TPresenceMember, type TPresenceMode } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { liveSocketAtom } from '../../../lib/live/live-state';

export interface V2momPresence {
  /** Everyone else on this V2MOM, people editing first. Empty while offline. */
  others: TPresenceMember[];
  /** Tells the others which item of the form the viewer is in (null: none). */
  focus: (item: TPresenceItem | null) => void;
}

const ignoreAnswer = () => {};

const sameItem = (a: TPresenceItem | null, b: TPresenceItem | null) => a?.entity === b?.entity && a?.key === b?.key && a?.field === b?.field;

const byModeThenName = (a: TPresenceMember, b: TPresenceMember) =>
  a.mode === b.mode ? a.name.localeCompare(b.name) : a.mode === 'editing' ? -1 : 1;

type PresenceChecks = typeof import('./presence-checks');

/** The presence events' check, once the first event asked for it. */
let loadingChecks: Promise<PresenceChecks> | undefined;

function presenceChecks(): Promise<PresenceChecks> {
  loadingChecks ??= import('./presence-checks');
  return loadingChecks.catch((error: unknown) => {
    loadingChecks = undefined;
    throw error;
  });
}

/**
 * Joins the V2MOM's room while mounted (docs/PRODUCT.md#presence): the detail page as `viewing`,
 * the form as `editing`. Joins again after every reconnection, since rooms do not survive one,
 * and leaves on unmount; a closed tab leaves when its socket drops. `v2momId` null: no room.
 */
export function useV2momPresence(v2momId: number | null, mode: TPresenceMode, viewerId: number): V2momPresence {
  const socket = useAtomValue(liveSocketAtom);
  const [members, setMembers] = useState<TPresenceMember[]>([]);
  const focused = useRef<TPresenceItem | null>(null);

  useEffect(() => {
    if (!socket || v2momId === null) return;
    let mounted = true;
    // Lists apply in the order they came: an event waits for its check, and an answer behind it waits too.
    let applied: Promise<void> = Promise.resolve();
    const inOrder = (apply: () => void | Promise<void>) => {
      applied = applied.then(apply).catch(() => {}); // a list whose check failed to load is dropped, as a missed one
    };

    const show = (event: TPresenceEvent) => {
      if (mounted && event.v2momId === v2momId) setMembers(event.members);
    };
    // An event is checked (with zod, loaded by the first one); the join's answer is the server's
    // reply to this socket's own command, taken as typed like the other commands' answers.
    const onPresence = (event: TPresenceEvent) =>
      inOrder(async () => {
        const parsed = (await presenceChecks()).ZPresenceEventSchema.safeParse(event);
        if (parsed.success) show(parsed.data);
      });
    const join = () => {
      socket.emit(LIVE_EVENTS.joinV2mom, { v2momId, mode }, (answer) => {
        if (!mounted || 'error' in answer) return; // refused (no such V2MOM): nobody to show
        inOrder(() => show(answer.data));
        if (focused.current) socket.emit(LIVE_EVENTS.focusItem, { v2momId, item: focused.current }, ignoreAnswer);
      });
    };
    const onDisconnect = () => inOrder(() => setMembers([]));

    socket.on(LIVE_EVENTS.presenceChanged, onPresence);
    socket.on('connect', join);
    socket.on('disconnect', onDisconnect);
    if (socket.connected) join();

    return () => {
      mounted = false;
      socket.off(LIVE_EVENTS.presenceChanged, onPresence);
      socket.off('connect', join);
      socket.off('disconnect', onDisconnect);
      if (socket.connected) socket.emit(LIVE_EVENTS.leaveV2mom, { v2momId }, ignoreAnswer);
      setMembers([]);
    };
  }, [socket, v2momId, mode]);

  const focus = useCallback(
    (item: TPresenceItem | null) => {
      if (sameItem(item, focused.current)) return;
      focused.current = item;
      if (socket?.connected && v2momId !== null) socket.emit(LIVE_EVENTS.focusItem, { v2momId, item }, ignoreAnswer);
    },
    [socket, v2momId],
  );

  const others = useMemo(() => members.filter((member) => member.userId !== viewerId).sort(byModeThenName), [members, viewerId]);
  return { others, focus };
}
