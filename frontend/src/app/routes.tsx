import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullPageMessage } from '../components/ui/full-page-message';
import { PATHS } from '@v2mom/contracts';

const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const ProtectedRoutes = lazy(() => import('./protected-routes'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageMessage>Loading...</FullPageMessage>}>{children}</Suspense>;
}

/**
 * The entry's route table: /login (no shell) and everything else. The rest of the app, its guard
 * and the contracts package load lazily, so the login route's JavaScript stays small.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={PATHS.login}
        element={
          <Loading>
            <LoginPage />
          </Loading>
        }
      />
      <Route
        path="*"
        element={
          <Loading>
            <ProtectedRoutes />
          </Loading>
        }
      />
    </Routes>
  );
}
