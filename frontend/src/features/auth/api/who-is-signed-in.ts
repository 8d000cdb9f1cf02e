import type { QueryClient } from '@tanstack/react-query';
import type { TSession } from '@v2mom/contracts';
import { ApiError } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/auth/get-user';
import { authKeys } from '../../../lib/query-keys/auth-keys';
import { sessionQueryOptions } from './get-session';

/**
 * The first check of a visit: the signed-in user's own answer (GET /api/auth/user) says the
 * session is live and who holds it, so a signed-in first view makes one call, not the session
 * check and then the user. A 401 is a visitor signed out (an ended, expired or deactivated
 * session alike). Any other failure leaves it to the session check, as later checks are made
 * (docs/PRODUCT.md#route-guard): signed in without a user, the guard offers to try again.
 */
export async function whoIsSignedIn(queryClient: QueryClient): Promise<boolean> {
  // A 401 here is an answer, not a session that ended under the page.
  const userOptions = userQueryOptions();
  const signedIn = await queryClient.fetchQuery({ ...userOptions, meta: { ...userOptions.meta, expectsUnauthorized: true } }).then(
    () => true,
    (error: unknown) => (error instanceof ApiError && error.status === 401 ? false : undefined),
  );
  if (signedIn !== undefined) {
    queryClient.setQueryData<TSession>(authKeys.session(), { isAuthenticated: signedIn });
    return signedIn;
  }
  return queryClient.fetchQuery(sessionQueryOptions()).then(
    ({ isAuthenticated }) => isAuthenticated,
    () => false,
  );
}
