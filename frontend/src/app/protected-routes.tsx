import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PATHS } from '@v2mom/contracts';
import NotFoundPage from './not-found-page';
import { RequireNumericId } from './require-numeric-id';
import RouteGuard from './route-guard';

// Every page is its own chunk (route-level code splitting).
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const MyV2momsPage = lazy(() => import('../features/v2moms/components/my-v2moms-page'));
const V2momFormPage = lazy(() => import('../features/v2moms/components/v2mom-form-page'));
const V2momDetailPage = lazy(() => import('../features/v2moms/components/v2mom-detail-page'));
const TeamV2momsPage = lazy(() => import('../features/v2moms/components/team-v2moms-page'));
const TeamObstaclesPage = lazy(() => import('../features/obstacles/components/team-obstacles-page'));
const ItemsListPage = lazy(() => import('../features/team/components/items-list-page'));
const KeyMetricsPage = lazy(() => import('../features/methods/components/key-metrics-page'));
const TasksPage = lazy(() => import('../features/tasks/components/tasks-page'));
const TeamStatusPage = lazy(() => import('../features/team/components/team-status-page'));
const ChatPage = lazy(() => import('../features/assistant/components/chat-page'));
const CooViewPage = lazy(() => import('../features/team/components/coo-view-page'));
const AddMethodPage = lazy(() => import('../features/methods/components/add-method-page'));
const MyMethodsPage = lazy(() => import('../features/methods/components/my-methods-page'));
const MethodDetailPage = lazy(() => import('../features/methods/components/method-detail-page'));
const SettingsPage = lazy(() => import('../features/settings/components/settings-page'));

const sub = (path: string) => path.slice(1); // child routes are relative to the guarded layout

/**
 * Every route but /login (spec section 2 plus /settings), loaded as one lazy chunk with the guard
 * and the shell: the login route never downloads them. Known paths sit behind the one guard, in
 * the shell; any other path is the not-found page, signed in or not.
 */
export default function ProtectedRoutes() {
  return (
    <Routes>
      <Route path={PATHS.root} element={<RouteGuard />}>        <Route index element={<Navigate to={PATHS.dashboard} replace />} />
        <Route path={sub(PATHS.dashboard)} element={<DashboardPage />} />
        <Route path={sub(PATHS.myV2moms)} element={<MyV2momsPage />} />
        <Route path={sub(PATHS.createV2mom)} element={<V2momFormPage mode="create" />} />
        <Route
          path={`${sub(PATHS.editV2mom)}/:id`}
          element={
            <RequireNumericId>
              <V2momFormPage mode="edit" />
            </RequireNumericId>
          }
        />
        <Route
          path={`${sub(PATHS.v2mom)}/:id`}
          element={
            <RequireNumericId>
              <V2momDetailPage />
            </RequireNumericId>
          }
        />
        <Route path={sub(PATHS.teamV2moms)} element={<TeamV2momsPage />} />
        <Route path={sub(PATHS.teamObstacles)} element={<TeamObstaclesPage />} />
        <Route path={sub(PATHS.itemsList)} element={<ItemsListPage />} />
        <Route path={sub(PATHS.keyMetrics)} element={<KeyMetricsPage />} />
        <Route path={sub(PATHS.tasks)} element={<TasksPage />} />
        <Route path={sub(PATHS.teamStatus)} element={<TeamStatusPage />} />
        <Route path={sub(PATHS.chat)} element={<ChatPage />} />
        <Route path={sub(PATHS.cooView)} element={<CooViewPage />} />
        <Route path={sub(PATHS.addMethod)} element={<AddMethodPage />} />
        <Route path={sub(PATHS.myMethods)} element={<MyMethodsPage />} />
        <Route
          path={`${sub(PATHS.method)}/:id`}
          element={
            <RequireNumericId>
              <MethodDetailPage />
            </RequireNumericId>
          }
        />
        <Route path={sub(PATHS.settings)} element={<SettingsPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage fullPage />} />
    </Routes>
  );
}
