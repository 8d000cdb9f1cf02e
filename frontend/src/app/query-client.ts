import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../lib/query-keys/auth-keys';
import { createQueryClient } from '../lib/query-client';

/** The app's client: any unexpected 401 re-checks the session, so the guard sends the user to /login. */
export function createAppQueryClient(): QueryClient {
  const client: QueryClient = createQueryClient({
    onUnauthorized: () => void client.invalidateQueries({ queryKey: authKeys.session() }),
  });
  return client;
}
