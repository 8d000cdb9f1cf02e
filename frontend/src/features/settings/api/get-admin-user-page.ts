import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TAdminUserListView, TAdminUserPage } from '@v2mom/contracts';
import { ADMIN_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { usePagedList, viewParams } from '../../../lib/paged-list';
import { adminKeys } from '../../../lib/query-keys/admin-keys';

function getAdminUserPage(view: TAdminUserListView, cursor: string | null, signal?: AbortSignal): Promise<TAdminUserPage> {
  return callApi(ADMIN_PATHS.listAdminUserPage, { query: { ...viewParams(view), cursor: cursor ?? undefined }, signal });
}

/**
 * GET /api/admin/users: the People table a view holds, deactivated people included, a page at a
 * time (docs/PRODUCT.md#paged-lists); an administrator's own write puts its row in the pages held.
 */
const adminUserPagesQueryOptions = (view: TAdminUserListView) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userPage(view),
    queryFn: ({ pageParam, signal }) => getAdminUserPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: { errorToast: false }, // the table shows its own error state
  });

export function useAdminUserPages(view: TAdminUserListView) {
  return usePagedList(useInfiniteQuery(adminUserPagesQueryOptions(view)));
}
