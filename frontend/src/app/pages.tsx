import type { QueryClient } from '@tanstack/react-query';
import { PATHS } from '@v2mom/contracts';
import { lazy, type ReactNode } from 'react';
import { matchPath } from 'react-router-dom';
import { preloadable } from '../lib/preloadable';
import { RequireNumericId } from './require-numeric-id';

// Every page is its own chunk (route-level code splitting). This table sits in the entry so the
// page being opened downloads alongside the signed-in routes, not after them.
const DashboardPage = preloadable(() => import('../features/dashboard/components/dashboard-page'));
const MyV2momsPage = preloadable(() => import('../features/v2moms/components/my-v2moms-page'));
const V2momFormPage = preloadable(() => import('../features/v2moms/components/v2mom-form-page'));
const V2momDetailPage = preloadable(() => import('../features/v2moms/components/v2mom-detail-page'));
const TeamV2momsPage = preloadable(() => import('../features/v2moms/components/team-v2moms-page'));
const TeamObstaclesPage = preloadable(() => import('../features/obstacles/components/team-obstacles-page'));
const ItemsListPage = preloadable(() => import('../features/team/components/items-list-page'));
const KeyMetricsPage = preloadable(() => import('../features/methods/components/key-metrics-page'));
const TasksPage = preloadable(() => import('../features/tasks/components/tasks-page'));
const TeamStatusPage = preloadable(() => import('../features/team/components/team-status-page'));
const ChatPage = preloadable(() => import('../features/assistant/components/chat-page'));
const CooViewPage = preloadable(() => import('../features/team/components/coo-view-page'));
const AddMethodPage = preloadable(() => import('../features/methods/components/add-method-page'));
const MyMethodsPage = preloadable(() => import('../features/methods/components/my-methods-page'));
const MethodDetailPage = preloadable(() => import('../features/methods/components/method-detail-page'));
const SettingsPage = preloadable(() => import('../features/settings/components/settings-page'));

// Features never import each other: the dashboard gets the obstacles feature's dialog here,
// loaded only when someone opens it.
const AddObstacleDialog = lazy(() => import('../features/obstacles/components/add-obstacle-dialog'));

const withNumericId = (page: ReactNode) => <RequireNumericId>{page}</RequireNumericId>;

export interface PageRoute {
  /** The path pattern, as the guarded routes of protected-routes.tsx use it. */
  path: string;
  page: { preload: () => Promise<unknown> };
  /** Starts the page's queries without waiting for its chunks (see page-data.ts). */
  prefetch?: (queryClient: QueryClient) => Promise<void>;
  element: () => ReactNode;
}

/** Every guarded page by its path (/ aside). */
export const PAGES: readonly PageRoute[] = [
  {
    path: PATHS.dashboard,
    page: DashboardPage,
    prefetch: (queryClient) => import('./page-data').then((data) => data.prefetchDashboardData(queryClient)),
    element: () => <DashboardPage AddObstacleDialog={AddObstacleDialog} />,
  },
  { path: PATHS.myV2moms, page: MyV2momsPage, element: () => <MyV2momsPage /> },
  { path: PATHS.createV2mom, page: V2momFormPage, element: () => <V2momFormPage mode="create" /> },
  { path: `${PATHS.editV2mom}/:id`, page: V2momFormPage, element: () => withNumericId(<V2momFormPage mode="edit" />) },
  { path: `${PATHS.v2mom}/:id`, page: V2momDetailPage, element: () => withNumericId(<V2momDetailPage />) },
  { path: PATHS.teamV2moms, page: TeamV2momsPage, element: () => <TeamV2momsPage /> },
  { path: PATHS.teamObstacles, page: TeamObstaclesPage, element: () => <TeamObstaclesPage /> },
  { path: PATHS.itemsList, page: ItemsListPage, element: () => <ItemsListPage /> },
  { path: PATHS.keyMetrics, page: KeyMetricsPage, element: () => <KeyMetricsPage /> },
  { path: PATHS.tasks, page: TasksPage, element: () => <TasksPage /> },
  { path: PATHS.teamStatus, page: TeamStatusPage, element: () => <TeamStatusPage /> },
  { path: PATHS.chat, page: ChatPage, element: () => <ChatPage /> },
  { path: PATHS.cooView, page: CooViewPage, element: () => <CooViewPage /> },
  { path: PATHS.addMethod, page: AddMethodPage, element: () => <AddMethodPage /> },
  { path: PATHS.myMethods, page: MyMethodsPage, element: () => <MyMethodsPage /> },
  { path: `${PATHS.method}/:id`, page: MethodDetailPage, element: () => withNumericId(<MethodDetailPage />) },
  { path: PATHS.settings, page: SettingsPage, element: () => <SettingsPage /> },
];

const pageAt = (pathname: string) => {
  const path = pathname === PATHS.root ? PATHS.dashboard : pathname;
  return PAGES.find((route) => matchPath(route.path, path));
};

/** Loads the page at `pathname` (/ leads to the dashboard), if it is one. */
export async function preloadPageFor(pathname: string): Promise<void> {
  await pageAt(pathname)?.page.preload();
}

/** Starts the queries of the page at `pathname`, if it names any; for a signed-in user only. */
export async function prefetchPageData(pathname: string, queryClient: QueryClient): Promise<void> {
  await pageAt(pathname)?.prefetch?.(queryClient);
}
