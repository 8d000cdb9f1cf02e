import type { TEntityChangedEvent } from '@v2mom/contracts';
import { atom } from 'jotai';
import type { LiveSocket } from './live-socket';
import type { RecentChanges } from './recent-changes';

/**
 * Where the live connection stands: `connecting` until the first connection, `online` while
 * connected, `offline` after a disconnection or a refused connection (the app then polls).
 */
export type LiveStatus = 'connecting' | 'online' | 'offline';

export const liveStatusAtom = atom<LiveStatus>('connecting');

/** The signed-in user's socket, for presence; null while signed out. */
export const liveSocketAtom = atom<LiveSocket | null>(null);

/** Rows other people changed a moment ago, for the screens' highlights; null while signed out. */
export const recentChangesAtom = atom<RecentChanges | null>(null);

/** The live bridge's `entity:changed` events, parsed and checked: the only stream screens listen to. */
export interface EntityChangedStream {
  subscribe(listener: (event: TEntityChangedEvent) => void): () => void;
}

/** A stream with the means to feed it: the live connection makes it, the bridge feeds it once loaded. */
export interface EntityChangedChannel extends EntityChangedStream {
  emit(event: TEntityChangedEvent): void;
}

export function createEntityChangedChannel(): EntityChangedChannel {
  const listeners = new Set<(event: TEntityChangedEvent) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event) => listeners.forEach((listener) => listener(event)),
  };
}

/** The signed-in user's change stream; null while signed out. */
export const entityChangedStreamAtom = atom<EntityChangedStream | null>(null);
