import type { TEntityChangedEvent, TEntityName, TUserRef } from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';
import { recentChangesAtom } from './live-state';

/** How long a row says who changed it. */
const RECENT_CHANGE_MS = 6_000;

export interface RecentChange {
  actor: TUserRef;
  operation: TEntityChangedEvent['operation'];
  /** Grows with every change, so a second change restarts the highlight. */
  serial: number;
  /** The changed row's version (none for a deletion). */
  version?: number;
}

/** Keys screens ask about: one row, or anything inside one V2MOM (list rows showing its progress). */
export const changeKeys = {
  item: (entity: TEntityName, id: number) => `${entity}:${id}`,
  withinV2mom: (v2momId: number) => `v2mom-tree:${v2momId}`,
};

export interface RecentChanges {
  record(event: TEntityChangedEvent): void;
  get(key: string): RecentChange | undefined;
  subscribe(key: string, listener: () => void): () => void;
  dispose(): void;
}

/**
 * Changes made by other people in the last few seconds, by row. Listeners are per key, so a
 * change wakes only the rows that show it, never a whole list.
 */
export function createRecentChanges(ttlMs = RECENT_CHANGE_MS): RecentChanges {
  const entries = new Map<string, RecentChange>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Map<string, Set<() => void>>();
  let serial = 0;

  const notify = (key: string) => listeners.get(key)?.forEach((listener) => listener());

  const put = (key: string, change: RecentChange) => {
    entries.set(key, change);
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        entries.delete(key);
        timers.delete(key);
        notify(key);
      }, ttlMs),
    );
    notify(key);
  };

  return {
    record(event) {
      // A change no person made (a meeting-room link's noted use) is no one's to highlight.
      if (!event.actor) return;
      serial += 1;
      const change: RecentChange = { actor: event.actor, operation: event.operation, serial, ...(event.operation === 'deleted' ? {} : { version: event.row.version }) };
      put(changeKeys.item(event.entity, event.id), change);
      if (event.v2momId !== null) put(changeKeys.withinV2mom(event.v2momId), change);
    },
    get: (key) => entries.get(key),
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    dispose() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      entries.clear();
      listeners.clear();
    },
  };
}

const noSubscription = () => () => {};

/** Who changed this row a moment ago, if someone else did; re-renders only when that changes. */
export function useRecentChange(key: string): RecentChange | undefined {
  const store = useAtomValue(recentChangesAtom);
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(key, listener) : noSubscription()), [store, key]);
  return useSyncExternalStore(subscribe, () => store?.get(key));
}
