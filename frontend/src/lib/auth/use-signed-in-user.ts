import { useQuery } from '@tanstack/react-query';
import type { TUser } from '@v2mom/contracts';
import { userQueryOptions } from './get-user';

/**
 * The signed-in user, for screens inside the route guard: the guard renders them only once
 * this query holds the user, so this reads the cache (the data never goes stale).
 */
export function useSignedInUser(): TUser {
  const { data } = useQuery(userQueryOptions());
  if (!data) throw new Error('useSignedInUser is only available inside the route guard');
  return data;
}
