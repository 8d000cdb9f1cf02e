import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TObstacleListItem } from '@v2mom/contracts';
import { OBSTACLE_PATHS } from '@v2mom/contracts/paths';
import { comboboxResults, PICKER_PAGE_SIZE, type ComboboxResults } from '../../../components/ui/combobox-results';
import { callApi } from '../../../lib/api-client';
import { obstacleKeys } from '../../../lib/query-keys/obstacle-keys';

/** Which obstacle the picker joins: it offers only what that one may join (docs/PRODUCT.md#shared-obstacles). */
export interface JoinableScope {
  obstacleId: number;
}

/** GET /api/obstacles?q=&joinableBy=: the first obstacles of other departments the words find, asked again rather than patched by live events. */
const joinableSearchOptions = (search: JoinableScope & { q: string }) =>
  queryOptions({
    queryKey: obstacleKeys.joinable(search),
    queryFn: ({ signal }) =>
      callApi(OBSTACLE_PATHS.listObstaclePage, { query: { q: search.q || undefined, joinableBy: search.obstacleId, limit: PICKER_PAGE_SIZE }, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData, // the last results stay while the next search is on its way
    meta: { errorToast: false }, // the picker says the search failed
  });

/** The obstacles the picker offers for the words typed, asked for only while its list is open. */
export function useJoinableObstacleSearch(q: string, open: boolean, scope?: JoinableScope): ComboboxResults<TObstacleListItem> {
  return comboboxResults(useQuery({ ...joinableSearchOptions({ obstacleId: scope?.obstacleId ?? 0, q: q.trim() }), enabled: open && scope !== undefined }));
}
