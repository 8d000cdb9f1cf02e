import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore, type Store } from 'jotai';
import { useEffect } from 'react';
import { authKeys } from '../../lib/query-keys/auth-keys';
import { liveSocketFactoryAtom, type LiveSocket } from '../../lib/live/live-socket';
import { createEntityChangedChannel, entityChangedStreamAtom, liveSocketAtom, liveStatusAtom, recentChangesAtom } from '../../lib/live/live-state';
import { createRecentChanges } from '../../lib/live/recent-changes';
import { holdLiveEvents } from './held-events';
import type { LiveBridge } from './live-bridge';
import { attachLiveLink } from './live-link';
import { loadLiveBridge } from './load-live-bridge';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 30_000;

interface LiveConnectionParts {
  factory: { create: () => LiveSocket };
  queryClient: QueryClient;
  store: Store;
  userId: number;
}

/**
 * Opens the socket; returns what closes it. The live bridge, and the event schemas it checks with,
 * load with the first event it applies, which waits for it (held-events.ts): a first view
 * downloads neither (docs/PERFORMANCE.md, "What a first visit downloads").
 */
function connectLive({ factory, queryClient, store, userId }: LiveConnectionParts): () => void {
  const socket = factory.create();
  const recentChanges = createRecentChanges();
  const changes = createEntityChangedChannel();
  const link = attachLiveLink(socket, { queryClient, onStatusChange: (status) => store.set(liveStatusAtom, status) });
  let bridge: LiveBridge | undefined;
  const held = holdLiveEvents(socket, async (events) => {
    const { attachLiveBridge } = await loadLiveBridge();
    bridge = attachLiveBridge(events, { queryClient, viewerId: userId, recentChanges, changes });
  });
  store.set(liveStatusAtom, 'connecting');
  store.set(liveSocketAtom, socket);
  store.set(recentChangesAtom, recentChanges);
  store.set(entityChangedStreamAtom, changes);

  let retryDelay = RETRY_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const recheckThenRetry = () => {
    void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (!socket.connected) socket.connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  };
  const onConnect = () => {
    retryDelay = RETRY_MIN_MS;
  };
  const onConnectError = () => {
    if (!socket.active) recheckThenRetry();
  };
  const onDisconnect = (reason: string) => {
    if (reason === 'io server disconnect') recheckThenRetry();
  };
  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);
  socket.on('disconnect', onDisconnect);
  socket.connect();

  return () => {
    clearTimeout(retryTimer);
    socket.off('connect', onConnect);
    socket.off('connect_error', onConnectError);
    socket.off('disconnect', onDisconnect);
    held.detach();
    bridge?.detach();
    link.detach();
    socket.disconnect();
    recentChanges.dispose();
    store.set(liveSocketAtom, null);
    store.set(recentChangesAtom, null);
    store.set(entityChangedStreamAtom, null);
    store.set(liveStatusAtom, 'connecting');
  };
}

/**
 * The signed-in user's socket: opened when the shell mounts (signed in), closed when it unmounts
 * (logout, session ended). Socket.IO reconnects by itself after network trouble; a refused
 * handshake or a server-side disconnect (logout in another tab, password change) does not, so
 * the session is re-checked (the guard then leaves for /login) and a new attempt follows.
 */
export function LiveConnection({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const store = useStore();
  const factory = useAtomValue(liveSocketFactoryAtom);

  useEffect(() => connectLive({ factory, queryClient, store, userId }), [factory, queryClient, store, userId]);

  return null;
}
