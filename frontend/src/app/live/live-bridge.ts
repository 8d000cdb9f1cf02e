import { notifyManager, type Query, type QueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, ZCommentChangedEventSchema, ZEntityChangedEventSchema, ZThreadCountedEventSchema, type TEntityChangedEvent, type TRowChangedEvent } from '@v2mom/contracts';
import { putCommentChanged, putThreadCounted } from '../../features/comments/api/thread-cache';
import { putAlignmentRollup } from '../../features/v2moms/api/alignment-rollup-cache';
import { putRows } from '../../lib/live/live-rows';
import { withoutRows, type PagedData } from '../../lib/live/paged-rows';
import { createEntityChangedChannel, type EntityChangedChannel, type EntityChangedStream } from '../../lib/live/live-state';
import type { RecentChanges } from '../../lib/live/recent-changes';
import type { BridgedEvent, BridgedEvents } from './held-events';
import { putCheckIns } from './live-check-ins';
import { refreshIntegrations } from './live-integrations';
import { putUnreadCount } from './live-notifications';
import { putQuarterReviews } from './live-quarter-reviews';
import { putRoundChanged, putRoundCheckedIn } from './live-rounds';
import { judge, scopesOf } from './live-query-rules';

/**
 * A save's events arrive in one packet; packets that arrive back to back (a busy server's, a
 * reconnection's replay) are applied together at the next task, so each query refetches once.
 */
export const EVENT_BATCH_MS = 0;

export interface LiveBridgeOptions {
  queryClient: QueryClient;
  /** The signed-in user: their own changes refresh the cache but are not highlighted. */
  viewerId: number;
  recentChanges?: RecentChanges;
  /** Where accepted events go once the cache holds them (the live connection's, made before the bridge loaded). */
  changes?: EntityChangedChannel;
  batchMs?: number;
}

/**
 * After each of these waits an answer that predates its batch is asked for again; after the last,
 * the batch's rows are kept as they can be (docs/PRODUCT.md#live-events).
 */
export const REFETCH_AGAIN_MS = [100, 300, 1000];

/**
 * Applies a batch of changes to the cache. A created or updated row goes into every query that
 * holds it, where the cached row is older (lib/live/live-rows.ts); a deleted row is dropped from
 * a list in place when the cached row is not newer. What cannot be derived from the rows (a
 * created row's place, aggregates, other rows that name it) is invalidated, each query once
 * (active ones refetch), and the answers are checked against the batch; a costly summary is left
 * to `coalesce`, which asks for it once per burst. Nothing else is touched, so unchanged rows keep
 * their identity.
 */
async function applyChanges(
  queryClient: QueryClient,
  events: readonly TEntityChangedEvent[],
  coalesce: (query: Query, waitMs: number) => void,
): Promise<void> {
  const stale = new Set<Query>();
  const staleWhereverShown = new Set<Query>();

  notifyManager.batch(() => {
    for (const query of putRows(queryClient, events.filter(carriesRow))) stale.add(query);
    putCheckIns(queryClient, events);
    putQuarterReviews(queryClient, events);
  });
  for (const event of events) {
    for (const scope of scopesOf(event)) {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: scope.queryKey })) {
        if (judge(query.state.data, event, scope) !== 'stale') continue;
        if (scope.coalesceMs !== undefined) {
          coalesce(query, scope.coalesceMs);
          continue;
        }
        stale.add(query);
        if (scope.refetchInactive) staleWhereverShown.add(query);
      }
    }
  }
  dropDeleted(queryClient, events, (query) => !stale.has(query)); // a refetch drops the rows anyway
  if (stale.size === 0) return;
  await Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => stale.has(query) && !staleWhereverShown.has(query) }),
    queryClient.invalidateQueries({ predicate: (query) => staleWhereverShown.has(query), refetchType: 'all' }),
  ]);
  await refetchUntilCurrent(queryClient, events, stale);
}

/**
 * A refetch may be answered by a server that has not seen the write yet. Once the batch's
 * refetches settle, its rows are put again, so an older row in an answer gives way to the event's;
 * an answer that lacks a row it should hold, or still holds a deleted one, predates the batch and
 * is asked for again, a bounded number of times, after which the deleted rows leave the lists in
 * place. An answer still on its way (another batch's) is waited for the same way.
 */
async function refetchUntilCurrent(queryClient: QueryClient, events: readonly TEntityChangedEvent[], refetched: ReadonlySet<Query>) {
  const rows = events.filter(carriesRow);
  let asked = refetched;
  for (const waitMs of [...REFETCH_AGAIN_MS, undefined]) {
    const unplaced = notifyManager.batch(() => putRows(queryClient, rows));
    const holdingDeleted = new Set(Array.from(deletedRowsHeld(queryClient, events), ({ query }) => query));
    // An invalidated query was not answered: it failed, or no screen shows it.
    const answeredBehind = (query: Query) => !query.state.isInvalidated && (unplaced.has(query) || holdingDeleted.has(query));
    const behind = new Set([...asked].filter((query) => query.state.fetchStatus === 'fetching' || answeredBehind(query)));
    if (behind.size === 0) return;
    if (waitMs === undefined) return dropDeleted(queryClient, events, (query) => behind.has(query));
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    await queryClient.refetchQueries({ predicate: (query) => behind.has(query) }, { cancelRefetch: false });
    asked = behind;
  }
}

/** Each cached query that still holds a row the batch deleted, with the event and the scope that find it there. */
function* deletedRowsHeld(queryClient: QueryClient, events: readonly TEntityChangedEvent[]) {
  for (const event of events) {
    if (carriesRow(event)) continue;
    for (const scope of scopesOf(event)) {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: scope.queryKey })) {
        if (typeof scope.versionIn?.(query.state.data, event) === 'number') yield { query, event, scope };
      }
    }
  }
}

/** Drops the batch's deleted rows in place from the lists `where` picks, unless the held row is newer. */
function dropDeleted(queryClient: QueryClient, events: readonly TEntityChangedEvent[], where: (query: Query) => boolean): void {
  const removals = new Map<Query, Set<number>>();
  for (const { query, event, scope } of deletedRowsHeld(queryClient, events)) {
    if (!where(query) || judge(query.state.data, event, scope) !== 'remove') continue;
    removals.set(query, (removals.get(query) ?? new Set<number>()).add(event.id));
  }
  notifyManager.batch(() => {
    for (const [query, ids] of removals) {
      queryClient.setQueryData<Array<{ id: number }> | PagedData<{ id: number }>>(query.queryKey, (rows) =>
        Array.isArray(rows) ? rows.filter((row) => !ids.has(row.id)) : rows && withoutRows(rows, ids),
      );
    }
  });
}

function carriesRow(event: TEntityChangedEvent): event is TRowChangedEvent {
  return event.operation !== 'deleted';
}

export interface LiveBridge {
  /** Every event the bridge accepted, after the cache took it in. */
  changes: EntityChangedStream;
  detach(): void;
}

/**
 * The one place server events reach React Query, and the only judge of what a write makes
 * stale, one's own writes included (docs/PRODUCT.md#live-events). What the connection itself
 * means for data (offline polling, recovery) is live-link.ts's, which runs from the socket's start;
 * the bridge loads with the first event (held-events.ts).
 */
export function attachLiveBridge(events: BridgedEvents, options: LiveBridgeOptions): LiveBridge {
  const { queryClient, viewerId, recentChanges, changes = createEntityChangedChannel(), batchMs = EVENT_BATCH_MS } = options;
  let batchTimer: ReturnType<typeof setTimeout> | undefined;
  let batch: TEntityChangedEvent[] = [];
  // The queries waiting out a burst of changes, each invalidated once when its wait ends.
  const coalescing = new Map<Query, ReturnType<typeof setTimeout>>();

  const coalesce = (query: Query, waitMs: number) => {
    if (coalescing.has(query)) return;
    const timer = setTimeout(() => {
      coalescing.delete(query);
      void queryClient.invalidateQueries({ predicate: (candidate) => candidate === query });
    }, waitMs);
    coalescing.set(query, timer);
  };

  const flush = () => {
    batchTimer = undefined;
    const accepted = batch;
    batch = [];
    void applyChanges(queryClient, accepted, coalesce);
    for (const event of accepted) changes.emit(event);
  };

  // One packet carries every event the server committed in one turn, in order.
  const onEntityChanged = (payloads: unknown) => {
    if (!Array.isArray(payloads)) return;
    for (const payload of payloads) {
      const parsed = ZEntityChangedEventSchema.safeParse(payload);
      if (!parsed.success) continue;
      const event = parsed.data;
      if (event.actor?.id !== viewerId) recentChanges?.record(event);
      batch.push(event);
    }
    if (batch.length > 0) batchTimer ??= setTimeout(flush, batchMs);
  };

  const handlers: Record<BridgedEvent, (payload: unknown) => void> = {
    [LIVE_EVENTS.entityChanged]: onEntityChanged,
    // A thread's write carries all it changed: it goes into the thread's cached pages as it comes (the thread is open).
    [LIVE_EVENTS.commentChanged]: (payload) => {
      const parsed = ZCommentChangedEventSchema.safeParse(payload);
      if (parsed.success) putCommentChanged(queryClient, parsed.data);
    },
    // Any thread's new count, for the counts lists and badges show.
    [LIVE_EVENTS.threadCounted]: (payload) => {
      const parsed = ZThreadCountedEventSchema.safeParse(payload);
      if (parsed.success) putThreadCounted(queryClient, parsed.data);
    },
    [LIVE_EVENTS.notificationsChanged]: (payload) => putUnreadCount(queryClient, payload),
    [LIVE_EVENTS.integrationsChanged]: (payload) => refreshIntegrations(queryClient, payload),
    [LIVE_EVENTS.alignmentRollup]: (payload) => putAlignmentRollup(queryClient, payload),
    [LIVE_EVENTS.roundChanged]: (payload) => putRoundChanged(queryClient, payload),
    [LIVE_EVENTS.roundCheckedIn]: (payload) => putRoundCheckedIn(queryClient, payload),
  };
  const listening = Object.entries(handlers) as Array<[BridgedEvent, (payload: unknown) => void]>;
  for (const [event, handler] of listening) events.on(event, handler);

  return {
    changes,
    detach() {
      for (const [event, handler] of listening) events.off(event, handler);
      clearTimeout(batchTimer);
      coalescing.forEach((timer) => clearTimeout(timer));
      coalescing.clear();
      batch = [];
    },
  };
}
