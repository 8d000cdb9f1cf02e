import { focusManager, type QueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, type THeartbeatEvent } from '@v2mom/contracts';
import type { LiveSocket } from '../../lib/live/live-socket';
import type { LiveStatus } from '../../lib/live/live-state';
import { isLiveQuery } from './live-queries';

/** The refresh interval of the polled queries, only while the socket is down (docs/PRODUCT.md#offline-polling). */
export const OFFLINE_POLL_MS = 30_000;

export interface LiveLinkOptions {
  queryClient: QueryClient;
  onStatusChange?: (status: LiveStatus) => void;
  pollMs?: number;
}

/**
 * What the connection means for data, from the socket's start (the live bridge, which applies the
 * events, loads with the first of them: held-events.ts). Polling runs only while the socket is down
 * (docs/PRODUCT.md#offline-polling); after a reconnection the server could not recover (missed
 * events lost), every screen refetches (docs/PRODUCT.md#recovery); on the first connection, what
 * was answered before the socket listened is read again unless the server's last change is older.
 */
export function attachLiveLink(socket: LiveSocket, { queryClient, onStatusChange, pollMs = OFFLINE_POLL_MS }: LiveLinkOptions): { detach(): void } {
  let status: LiveStatus = socket.connected ? 'online' : 'connecting';
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const poll = () => {
    if (!focusManager.isFocused()) return; // as refetchInterval does: no polling in a background tab
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.meta?.pollWhileOffline === true });
  };

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    clearInterval(pollTimer);
    pollTimer = next === 'offline' ? setInterval(poll, pollMs) : undefined;
    onStatusChange?.(next);
  };

  // Set between the first connection and the heartbeat that follows it: when it connected.
  let firstConnectedAt: number | undefined;

  const onConnect = () => {
    const previous = status;
    setStatus('online');
    // Recovered: the server replayed what we missed. Otherwise what is on screen may be stale.
    if (previous === 'offline' && !socket.recovered) void queryClient.invalidateQueries();
    // The browser's own clock, not lib/clock.ts: it is compared with React Query's dataUpdatedAt.
    if (previous === 'connecting') firstConnectedAt = Date.now();
  };

  // First connection: answers that arrived before the socket listened may have missed a change,
  // unless the server's last change came before this page started loading (so before any of its
  // requests). The server's heartbeat, sent once the socket is in its rooms, says when that was;
  // one that does not say (no number) counts as a change just now.
  const onHeartbeat = (payload: THeartbeatEvent) => {
    const connectedAt = firstConnectedAt;
    if (connectedAt === undefined) return;
    firstConnectedAt = undefined;
    const lastChangeMsAgo: unknown = (payload as Partial<THeartbeatEvent> | null)?.lastChangeMsAgo;
    if (typeof lastChangeMsAgo === 'number' && lastChangeMsAgo > performance.now()) return;
    void queryClient.invalidateQueries({
      predicate: ({ queryKey, state }) =>
        isLiveQuery(queryKey) && state.fetchStatus === 'idle' && state.dataUpdatedAt > 0 && state.dataUpdatedAt < connectedAt,
    });
  };
  const onDown = () => {
    firstConnectedAt = undefined; // no offset yet: the next connection cannot recover and refetches all
    setStatus('offline');
  };

  socket.on('connect', onConnect);
  socket.on('disconnect', onDown);
  socket.on('connect_error', onDown);
  socket.on(LIVE_EVENTS.heartbeat, onHeartbeat);

  return {
    detach() {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDown);
      socket.off('connect_error', onDown);
      socket.off(LIVE_EVENTS.heartbeat, onHeartbeat);
      clearInterval(pollTimer);
    },
  };
}
