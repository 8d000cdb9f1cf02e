import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TCheckIn, TCheckInPage, TEntityChangedEvent } from '@v2mom/contracts';
import type { TTrendsById } from '../../features/methods/api/get-method-trends';
import { methodKeys } from '../../lib/query-keys/method-keys';
import { trendKeys } from '../../lib/query-keys/trend-keys';

/**
 * A method's trend ends with the method now (docs/PRODUCT.md#trend-lines): its check-in's values
 * become the last point of every cached trend that holds the method, and no trend is asked again.
 */
function moveTrends(queryClient: QueryClient, { methodId, progress, status }: TCheckIn): void {
  if (progress === null || status === null) return;
  queryClient.setQueriesData<TTrendsById>({ queryKey: trendKeys.all }, (byId) => {
    const points = byId?.[methodId];
    if (!byId || !points || points.length === 0) return byId;
    return { ...byId, [methodId]: [...points.slice(0, -1), { progress, status }] };
  });
}

/**
 * A check-in arrives with its method's event (docs/PRODUCT.md#check-ins): it goes at the top of the
 * method's history where one is cached, without asking for the history again, and moves the
 * method's trend lines. The history's pages go on from their cursors, which name check-ins, not
 * positions, so a page added at the top moves nothing.
 */
export function putCheckIns(queryClient: QueryClient, events: readonly TEntityChangedEvent[]): void {
  for (const event of events) {
    if (event.entity !== 'method' || event.operation !== 'updated' || !event.checkIn) continue;
    const checkIn = event.checkIn;
    moveTrends(queryClient, checkIn);
    queryClient.setQueryData<InfiniteData<TCheckInPage, string | null>>(methodKeys.checkIns(event.id), (history) => {
      const [newest, ...older] = history?.pages ?? [];
      if (!history || !newest || history.pages.some((page) => page.checkIns.some((held) => held.id === checkIn.id))) return history;
      return { ...history, pages: [{ ...newest, checkIns: [checkIn, ...newest.checkIns] }, ...older] };
    });
  }
}
