import type { QueryClient } from '@tanstack/react-query';
import { adminUserMatches, adminUserSortKey, type TAdminUser, type TAdminUserListView } from '@v2mom/contracts';
import { ApiError } from '../../../lib/api-client';
import { isPagedData, placeInPages, type PagedData } from '../../../lib/live/paged-rows';
import { adminKeys } from '../../../lib/query-keys/admin-keys';
import type { ToastSpec } from '../../../lib/toast';

/**
 * A written person's row in every People table view held, where that view's filter and order put
 * it (a new one joins in name order). The live event of a person carries no capabilities nor last
 * sign-in, so another administrator's write is asked for again instead (app/live/live-query-rules.ts).
 */
export function putAdminUser(queryClient: QueryClient, user: TAdminUser): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: adminKeys.userPages() })) {
    const view = query.queryKey[query.queryKey.length - 1] as TAdminUserListView;
    const data = query.state.data;
    if (!isPagedData(data)) continue;
    const placed = placeInPages(data as PagedData<TAdminUser>, user, {
      belongs: adminUserMatches(user, view),
      keyOf: (each) => ({ key: adminUserSortKey(each, view.sort), id: each.id }),
      dir: view.dir,
    });
    if (placed !== 'unchanged') queryClient.setQueryData(query.queryKey, placed);
  }
}

/** An administrative write's failure: the server's words (a 409's reason above all), else `fallback`. */
export function adminErrorToast(fallback: string): (error: unknown) => ToastSpec {
  return (error) => {
    const serverText = error instanceof ApiError ? error.serverMessage : undefined;
    return { title: fallback, message: serverText };
  };
}
