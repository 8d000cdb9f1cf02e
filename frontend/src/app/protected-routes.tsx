import { Navigate, Route, Routes } from 'react-router-dom';
import { PATHS } from '@v2mom/contracts';
import NotFoundPage from './routes/not-found';
import RouteGuard from './route-guard';
import { PAGES } from './pages';

const sub = (path: string) => path.slice(1); // child routes are relative to the guarded layout

/**
 * Every route but /login (docs/PRODUCT.md#routes-and-screens), loaded as one lazy chunk with the guard
 * and the shell: the login route never downloads them. Known paths sit behind the one guard, in
 * the shell; any other path is the not-found page, signed in or not.
 */
export default function ProtectedRoutes() {
  return (
    <Routes>
      <Route path={PATHS.root} element={<RouteGuard />}>
        <Route index element={<Navigate to={PATHS.dashboard} replace />} />
        {PAGES.map(({ path, element }) => (
          <Route key={path} path={sub(path)} element={element()} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage fullPage />} />
    </Routes>
  );
}
