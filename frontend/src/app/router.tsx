import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PATHS } from '@v2mom/contracts';
import { ROOM_PAGE_PATH } from '@v2mom/contracts/paths';
import { FullPageMessage } from '../components/ui/full-page-message';
import { preloadable } from '../lib/preloadable';
import { prefetchPageData, preloadPageFor } from './pages';

const LoginPage = preloadable(() => import('./routes/login'));
const ProtectedRoutes = preloadable(() => import('./protected-routes'));
const RoomPage = preloadable(() => import('./routes/room'));

/**
 * Loads every chunk the page at `pathname` needs: the login page, or the signed-in routes and
 * the page itself. The app renders after it, so no lazy level suspends on the way in: a
 * suspended route would hold the page back until 300 ms after its fallback appeared (React 19).
 * Given the signed-in user's query client, the page's data is asked for first (one small chunk),
 * so its requests go ahead of the route's chunks in the browser's queue and the answers arrive
 * while they load.
 */
export async function preloadRoute(pathname: string, queryClient: QueryClient | null, search = ''): Promise<void> {
  if (pathname === PATHS.login) {
    await LoginPage.preload();
    return;
  }
  // A meeting room's screen: no session, no shell (docs/PRODUCT.md#meeting-room-links).
  if (pathname === ROOM_PAGE_PATH) {
    await RoomPage.preload();
    return;
  }
  // The queries leave before the page's forty-odd chunks are asked for: asked for together, they
  // waited behind the chunks for one of the browser's six connections (HTTP/1.1) for ~400 ms.
  if (queryClient) await prefetchPageData(pathname, queryClient, search).catch(() => {}); // the page's queries retry
  await Promise.all([ProtectedRoutes.preload(), preloadPageFor(pathname)]);
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageMessage>Loading...</FullPageMessage>}>{children}</Suspense>;
}

/**
 * The entry's route table: /login and a meeting room's /room (no shell), and everything else. The rest of the app, its guard
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
        path={ROOM_PAGE_PATH}
        element={
          <Loading>
            <RoomPage />
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
