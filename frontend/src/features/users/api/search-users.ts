import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserListItem, TUserPage } from '@v2mom/contracts';
import { useMemo } from 'react';
import { API_PATHS } from '@v2mom/contracts/paths';
import type { ComboboxResults } from '../../../components/ui/search-combobox';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys/user-keys';

/** The people a picker offers at once: enough to see, few enough to answer fast. */
const PICKER_PAGE_SIZE = 20;

function searchUsers(q: string, signal?: AbortSignal): Promise<TUserPage> {
  return callApi(API_PATHS.listUserPage, { query: { q: q.trim() || undefined, limit: PICKER_PAGE_SIZE }, signal });
}

/** GET /api/users/search: the first page of the people a search holds, by name (docs/PRODUCT.md#paged-lists). */
const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: userKeys.search(q.trim()),
    queryFn: ({ signal }) => searchUsers(q, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });

/** Active people for a picker, as the words typed find them (nobody new is given to a deactivated person). */
export function useActiveUserSearch(q: string, enabled: boolean): ComboboxResults<TUserListItem> {
  const query = useQuery({ ...userSearchQueryOptions(q), enabled });
  const rows = useMemo(() => query.data?.rows.filter((person) => person.active), [query.data]);
  return { rows, loading: query.isFetching, failed: query.isError };
}
