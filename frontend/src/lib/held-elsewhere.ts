import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What the fresh answers under `prefix` already hold of `ids`, by id. A screen asks for each page
 * of its list apart; a live change moves a row to the page its order says, which changes that
 * page's ids: the page then asks only for those no answer holds, and a row that only moved is
 * not downloaded again.
 */
export function heldElsewhere<T>(
  queryClient: QueryClient,
  prefix: QueryKey,
  ids: readonly number[],
  staleMs: number,
  entriesOf: (data: unknown) => Iterable<readonly [number, T]>,
): Map<number, T> {
  const wanted = new Set(ids);
  const held = new Map<number, T>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix })) {
    if (query.isStaleByTime(staleMs)) continue;
    for (const [id, value] of entriesOf(query.state.data)) if (wanted.has(id) && !held.has(id)) held.set(id, value);
  }
  return held;
}
