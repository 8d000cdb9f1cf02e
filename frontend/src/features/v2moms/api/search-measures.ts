import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TMeasure } from '@v2mom/contracts';
import { MEASURE_PATHS } from '@v2mom/contracts/paths';
import { PICKER_PAGE_SIZE, type ComboboxResults } from '../../../components/ui/combobox-results';
import { callApi } from '../../../lib/api-client';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

/** The measures a picker offers for the words typed, the first of them, asked for only while its list is open. */
export function useMeasureSearch(q: string, open: boolean): ComboboxResults<TMeasure> {
  const search = { q: q.trim(), limit: PICKER_PAGE_SIZE };
  const query = useQuery({
    queryKey: v2momKeys.measureSearch(search),
    queryFn: ({ signal }) => callApi(MEASURE_PATHS.listMeasures, { query: { q: search.q || undefined, limit: String(search.limit) }, signal }),
    enabled: open,
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });
  return { rows: query.data?.rows, loading: query.isFetching, failed: query.isError };
}
