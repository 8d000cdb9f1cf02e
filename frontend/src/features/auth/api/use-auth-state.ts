import type { TUser } from '@v2mom/contracts';
import { useSession } from './get-session';
import { useUser } from '../../../lib/auth/get-user';

export type AuthState =
  | { status: 'loading' }
  | { status: 'unauthenticated' }
  | { status: 'authenticated'; user: TUser }
  | { status: 'error'; retry: () => void };

/**
 * Where the visitor stands: checking, signed out, signed in (with their user), or signed in
 * but their user could not be loaded. A failed session check counts as signed out.
 */
export function useAuthState(): AuthState {
  const session = useSession();
  const isAuthenticated = session.data?.isAuthenticated === true;
  const user = useUser(isAuthenticated);

  if (session.isPending) return { status: 'loading' };
  if (!isAuthenticated) return { status: 'unauthenticated' };
  if (user.data) return { status: 'authenticated', user: user.data };
  if (user.isError) return { status: 'error', retry: () => void user.refetch() };
  return { status: 'loading' };
}
