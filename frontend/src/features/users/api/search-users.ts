import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, NO_STRUCTURE_CONTACT_NAME, type TUserFilter, type TUserListItem, type TUserPage } from '@v2mom/contracts';
import { useMemo } from 'react';
import { USER_PATHS } from '@v2mom/contracts/paths';
import { comboboxResults, PICKER_PAGE_SIZE, type ComboboxResults } from '../../../components/ui/combobox-results';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys/user-keys';

/** A search as GET /api/users/search takes it: which people, and how many of the first. */
type UserSearch = Pick<TUserFilter, 'active' | 'structureContact'> & { q?: string; ids?: readonly number[]; limit: number };

const flag = (value: boolean | undefined): 'true' | 'false' | undefined => (value === undefined ? undefined : value ? 'true' : 'false');

function searchUsers({ q, ids, active, structureContact, limit }: UserSearch, signal?: AbortSignal): Promise<TUserPage> {
  const query = { q: q?.trim() || undefined, active: flag(active), structureContact: flag(structureContact), ids: ids?.join(','), limit };
  return callApi(USER_PATHS.listUserPage, { query, signal });
}

/** GET /api/users/search: the first page of the people a search holds, by name (docs/PRODUCT.md#paged-lists). */
const userSearchQueryOptions = (search: UserSearch) =>
  queryOptions({
    queryKey: userKeys.search({ ...search, q: search.q?.trim() ?? '' }),
    queryFn: ({ signal }) => searchUsers(search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });

/**
 * Active people for a picker or an `@` mention, as the words typed find them (nobody new is given
 * to, or mentions, a deactivated person).
 */
export function useActiveUserSearch(q: string, enabled: boolean): ComboboxResults<TUserListItem> {
  return comboboxResults(useQuery({ ...userSearchQueryOptions({ q, active: true, limit: PICKER_PAGE_SIZE }), enabled }));
}

/** Anyone, deactivated people too, as the words typed find them: whom a record names. */
export function useUserSearch(q: string, enabled: boolean): ComboboxResults<TUserListItem> {
  return comboboxResults(useQuery({ ...userSearchQueryOptions({ q, limit: PICKER_PAGE_SIZE }), enabled }));
}

/**
 * The people with these ids, whatever screen names them by id (owners chosen elsewhere); those
 * not loaded yet are missing from the map. At most a page's worth is asked for.
 */
export function usePeopleByIds(ids: readonly number[]): ReadonlyMap<number, TUserListItem> {
  const wanted = useMemo(() => [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_PAGE_SIZE), [ids]);
  const query = useQuery({ ...userSearchQueryOptions({ ids: wanted, limit: MAX_PAGE_SIZE }), enabled: wanted.length > 0 });
  return useMemo(() => new Map((query.data?.rows ?? []).map((person) => [person.id, person])), [query.data]);
}

/**
 * The {name} of 'Only {name} can …' messages (docs/PRODUCT.md#named-holder): the one person the
 * server marks, read alone; `enabled` false leaves it unasked where nothing is refused.
 */
export function useStructureContactName(enabled: boolean): { name: string; isPending: boolean } {
  const query = useQuery({ ...userSearchQueryOptions({ structureContact: true, limit: 1 }), enabled });
  return { name: query.data?.rows[0]?.name ?? NO_STRUCTURE_CONTACT_NAME, isPending: enabled && query.isPending };
}
