import type { QueryClient } from '@tanstack/react-query';
import { PATHS } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import { matchPath } from 'react-router-dom';
import { preloadable } from '../lib/preloadable';
import { isNumericId, RequireNumericId } from './require-numeric-id';

// Every page is its own chunk (route-level code splitting). This table sits in the entry so the
// page being opened downloads alongside the signed-in routes, not after them.
const DashboardPage = preloadable(() => import('./routes/dashboard/dashboard'));
const MyV2momsPage = preloadable(() => import('./routes/v2moms/my-v2moms'));
const V2momFormPage = preloadable(() => import('./routes/v2moms/v2mom-form'));
const V2momDetailPage = preloadable(() => import('./routes/v2moms/v2mom-detail'));
const TeamV2momsPage = preloadable(() => import('./routes/v2moms/team-v2moms'));
const AlignmentMapPage = preloadable(() => import('./routes/v2moms/alignment-map'));
const TeamObstaclesPage = preloadable(() => import('./routes/obstacles/team-obstacles'));
const ItemsListPage = preloadable(() => import('./routes/team/items-list'));
const KeyMetricsPage = preloadable(() => import('./routes/methods/key-metrics'));
const TasksPage = preloadable(() => import('./routes/tasks'));
const TeamStatusPage = preloadable(() => import('./routes/team/team-status'));
const ChatPage = preloadable(() => import('./routes/chat'));
const CooViewPage = preloadable(() => import('./routes/team/coo-view'));
const AddMethodPage = preloadable(() => import('./routes/methods/add-method'));
const MyMethodsPage = preloadable(() => import('./routes/methods/my-methods'));
const MethodDetailPage = preloadable(() => import('./routes/methods/method-detail'));
const SettingsPage = preloadable(() => import('./routes/settings'));
const AccountPage = preloadable(() => import('./routes/account'));
const RoundMinutesPage = preloadable(() => import('./routes/rounds/round-minutes'));

const withNumericId = (page: ReactNode) => <RequireNumericId>{page}</RequireNumericId>;

export interface PageRoute {
  /** The path pattern, as the guarded routes of protected-routes.tsx use it. */
  path: string;
  page: { preload: () => Promise<unknown> };
  /** Starts the page's queries without waiting for its chunks (see page-data.ts); `id` is the path's, when it has one, `search` the address's query. */
  prefetch?: (queryClient: QueryClient, id: number, search: URLSearchParams) => Promise<void>;
  element: () => ReactNode;
}

/** Every guarded page by its path (/ aside). */
export const PAGES: readonly PageRoute[] = [
  {
    path: PATHS.dashboard,
    page: DashboardPage,
    prefetch: (queryClient) => import('./page-data').then((data) => data.prefetchDashboardData(queryClient)),
    element: () => <DashboardPage />,
  },
  { path: PATHS.myV2moms, page: MyV2momsPage, element: () => <MyV2momsPage /> },
  { path: PATHS.createV2mom, page: V2momFormPage, element: () => <V2momFormPage mode="create" /> },
  { path: `${PATHS.editV2mom}/:id`, page: V2momFormPage, element: () => withNumericId(<V2momFormPage mode="edit" />) },
  { path: `${PATHS.v2mom}/:id`, page: V2momDetailPage, element: () => withNumericId(<V2momDetailPage />) },
  { path: PATHS.teamV2moms, page: TeamV2momsPage, element: () => <TeamV2momsPage /> },
  { path: PATHS.alignment, page: AlignmentMapPage, element: () => <AlignmentMapPage /> },
  {
    path: PATHS.teamObstacles,
    page: TeamObstaclesPage,
    prefetch: (queryClient) => import('./page-data').then((data) => data.prefetchTeamObstaclesData(queryClient)),
    element: () => <TeamObstaclesPage />,
  },
  {
    path: PATHS.itemsList,
    page: ItemsListPage,
    prefetch: (queryClient, _id, search) => import('./page-data').then((data) => data.prefetchItemsListData(queryClient, search)),
    element: () => <ItemsListPage />,
  },
  {
    path: PATHS.keyMetrics,
    page: KeyMetricsPage,
    prefetch: (queryClient, _id, search) => import('./page-data').then((data) => data.prefetchKeyMetricsData(queryClient, search)),
    element: () => <KeyMetricsPage />,
  },
  {
    path: PATHS.tasks,
    page: TasksPage,
    prefetch: (queryClient) => import('./page-data').then((data) => data.prefetchTasksData(queryClient)),
    element: () => <TasksPage />,
  },
  { path: PATHS.teamStatus, page: TeamStatusPage, element: () => <TeamStatusPage /> },
  { path: PATHS.chat, page: ChatPage, element: () => <ChatPage /> },
  {
    path: PATHS.cooView,
    page: CooViewPage,
    prefetch: (queryClient, _id, search) => import('./page-data').then((data) => data.prefetchCooViewData(queryClient, search)),
    element: () => <CooViewPage />,
  },
  { path: PATHS.addMethod, page: AddMethodPage, element: () => <AddMethodPage /> },
  { path: PATHS.myMethods, page: MyMethodsPage, element: () => <MyMethodsPage /> },
  {
    path: `${PATHS.method}/:id`,
    page: MethodDetailPage,
    prefetch: (queryClient, id) => import('./page-data').then((data) => data.prefetchMethodDetailData(queryClient, id)),
    element: () => withNumericId(<MethodDetailPage />),
  },
  { path: PATHS.settings, page: SettingsPage, element: () => <SettingsPage /> },
  { path: PATHS.account, page: AccountPage, element: () => <AccountPage /> },
  { path: `${PATHS.rounds}/:id`, page: RoundMinutesPage, element: () => withNumericId(<RoundMinutesPage />) },
];

const pageAt = (pathname: string) => {
  const path = pathname === PATHS.root ? PATHS.dashboard : pathname;
  for (const route of PAGES) {
    const match = matchPath(route.path, path);
    if (match) return { route, id: match.params.id };
  }
  return undefined;
};

/** Loads the page at `pathname` (/ leads to the dashboard), if it is one. */
export async function preloadPageFor(pathname: string): Promise<void> {
  await pageAt(pathname)?.route.page.preload();
}

/** Starts the queries of the page at `pathname` (with the address's query `search`), if it names any; for a signed-in user only. */
export async function prefetchPageData(pathname: string, queryClient: QueryClient, search = ''): Promise<void> {
  const page = pageAt(pathname);
  if (!page?.route.prefetch) return;
  // A path with an id that is not one asks for nothing: RequireNumericId shows Not Found there.
  if (page.id !== undefined && !isNumericId(page.id)) return;
  await page.route.prefetch(queryClient, Number(page.id), new URLSearchParams(search));
}
