import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import { liveStatusAtom } from '../lib/live/live-state';
import { authKeys } from '../lib/query-keys/auth-keys';
import { createQueryClient } from '../lib/query-client';
import { isLiveQuery } from './live/live-queries';

export type JotaiStore = ReturnType<typeof createStore>;

/**
 * The app's client: any unexpected 401 re-checks the session, so the guard sends the user to
 * /login. While the socket is down no `entity:changed` follows a write, so the write itself makes
 * the live queries stale (with the socket up, the bridge decides from the write's event).
 */
export function createAppQueryClient(store: JotaiStore): QueryClient {
  const client: QueryClient = createQueryClient({
    onUnauthorized: () => void client.invalidateQueries({ queryKey: authKeys.session() }),
    onWritten: () => {
      if (store.get(liveStatusAtom) === 'online') return;
      void client.invalidateQueries({ predicate: ({ queryKey }) => isLiveQuery(queryKey) });
    },
  });
  return client;
}
