import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TMethodFilter, type TMethodListItem } from '@v2mom/contracts';
import { comboboxResults, PICKER_PAGE_SIZE, type ComboboxResults } from '../../../components/ui/combobox-results';
import { methodKeys } from '../../../lib/query-keys/method-keys';
import { getMethodPage } from './get-method-page';

/** Which methods a picker offers besides the words typed: only one V2MOM's (docs/PRODUCT.md#paged-lists). */
export type MethodPickerScope = Pick<TMethodFilter, 'v2momId'>;

/** A picker's first page of methods by description, asked again rather than patched by live events. */
const methodSearchQueryOptions = (search: MethodPickerScope & { q: string; limit: number }) =>
  queryOptions({
    queryKey: methodKeys.search(search),
    queryFn: ({ signal }) => getMethodPage({ ...search, q: search.q || undefined }, null, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });

/** The methods a picker offers for the words typed, asked for only while its list is open. */
export function useMethodSearch(q: string, open: boolean, scope?: MethodPickerScope): ComboboxResults<TMethodListItem> {
  return comboboxResults(useQuery({ ...methodSearchQueryOptions({ ...scope, q: q.trim(), limit: PICKER_PAGE_SIZE }), enabled: open }));
}

/**
 * The methods of one V2MOM to tick (Add Obstacle's linked methods): the first page of the most the
 * server answers at once, far more than a V2MOM holds; none until a V2MOM is chosen.
 */
export function useMethodsOfV2mom(v2momId: number | null): { data: readonly TMethodListItem[] | undefined; isPending: boolean } {
  const query = useQuery({ ...methodSearchQueryOptions({ v2momId: v2momId ?? undefined, q: '', limit: MAX_PAGE_SIZE }), enabled: v2momId !== null });
  return { data: query.data?.rows, isPending: query.isPending };
}
