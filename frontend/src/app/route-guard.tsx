import { Navigate, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS, canAccessPath, normalizePath } from '@v2mom/contracts';
import { Button } from '../components/ui/button';
import { FullPageMessage } from '../components/ui/full-page-message';
import { useAuthState } from '../features/auth/api/use-auth-state';
import { loginStateFor } from './return-path';
import AppShell from './shell/app-shell';

const ErrorStack = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  text-align: center;
`;

/**
 * Loaded lazily with the shell (and so zod): the login route never needs them.
 * The one guard (docs/PRODUCT.md#route-guard): 'Loading...' while the session is checked, /login when
 * signed out (which goes on to this page once signed in), /account while the user's password is a
 * temporary one (docs/PRODUCT.md#account), /dashboard when the user may not open this path,
 * otherwise the page in the shell.
 */
export default function RouteGuard() {
  const auth = useAuthState();
  const location = useLocation();
  const { pathname } = location;

  switch (auth.status) {
    case 'loading':
      return <FullPageMessage>Loading...</FullPageMessage>;
    case 'unauthenticated':
      return <Navigate to={PATHS.login} replace state={loginStateFor(location)} />;
    case 'error':
      return (
        <FullPageMessage>
          <ErrorStack>
            <p>We couldn&apos;t load your account.</p>
            <Button variant="primary" onClick={auth.retry}>
              Try again
            </Button>
          </ErrorStack>
        </FullPageMessage>
      );
    case 'authenticated':
      if (auth.user.passwordChangeRequired && normalizePath(pathname) !== PATHS.account) {
        return <Navigate to={PATHS.account} replace />;
      }
      if (!canAccessPath(auth.user, pathname)) return <Navigate to={PATHS.dashboard} replace />;
      return (
        <AppShell user={auth.user}>
          <Outlet />
        </AppShell>
      );
  }
}
