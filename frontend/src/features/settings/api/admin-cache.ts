import type { QueryClient } from '@tanstack/react-query';
import type { TAdminUser } from '@v2mom/contracts';
import { ApiError } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys/admin-keys';
import type { ToastSpec } from '../../../lib/toast';

/** A written person's row in the People table, in place (a new one joins in name order). */
export function putAdminUser(queryClient: QueryClient, user: TAdminUser): void {
  queryClient.setQueryData<TAdminUser[]>(adminKeys.users(), (rows) => {
    if (!rows) return rows;
    const others = rows.filter((row) => row.id !== user.id);
    return [...others, user].sort((a, b) => a.name.localeCompare(b.name));
  });
}

/** An administrative write's failure: the server's words (a 409's reason above all), else `fallback`. */
export function adminErrorToast(fallback: string): (error: unknown) => ToastSpec {
  return (error) => {
    const serverText = error instanceof ApiError ? error.serverMessage : undefined;
    return { title: fallback, message: serverText };
  };
}
