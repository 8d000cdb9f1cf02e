import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TCheckInPage, TEntityChangedEvent } from '@v2mom/contracts';
import { methodKeys } from '../../lib/query-keys/method-keys';

/**
 * A check-in arrives with its method's event (docs/PRODUCT.md#check-ins): it goes at the top of the
 * method's history where one is cached, without asking for the history again. Its pages go on from
 * their cursors, which name check-ins, not positions, so a page added at the top moves nothing.
 */
export function putCheckIns(queryClient: QueryClient, events: readonly TEntityChangedEvent[]): void {
  for (const event of events) {
    if (event.entity !== 'method' || event.operation !== 'updated' || !event.checkIn) continue;
    const checkIn = event.checkIn;
    queryClient.setQueryData<InfiniteData<TCheckInPage, string | null>>(methodKeys.checkIns(event.id), (history) => {
      const [newest, ...older] = history?.pages ?? [];
      if (!history || !newest || history.pages.some((page) => page.checkIns.some((held) => held.id === checkIn.id))) return history;
      return { ...history, pages: [{ ...newest, checkIns: [checkIn, ...newest.checkIns] }, ...older] };
    });
  }
}
