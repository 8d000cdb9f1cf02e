import type { QueryClient } from '@tanstack/react-query';
import { ZAlignmentRollupEventSchema, type TAlignedV2mom, type TAlignmentRollupNode } from '@v2mom/contracts';
import { isPagedData, type PagedData } from '../../../lib/live/paged-rows';
import { v2momKeys } from '../../../lib/query-keys/v2mom-keys';

/** The pages with the event's figures on the nodes it names; the same pages when it names none of them. */
function patched(data: PagedData<TAlignedV2mom>, nodes: ReadonlyMap<number, TAlignmentRollupNode>): PagedData<TAlignedV2mom> {
  if (!data.pages.some((page) => page.rows.some((row) => nodes.has(row.id)))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, rows: page.rows.map((row) => ({ ...row, ...nodes.get(row.id) })) })),
  };
}

/**
 * `alignment:rollup` (docs/PRODUCT.md#alignment-map) carries the map's figures of the V2MOMs a
 * write moved and of those above them: every open branch holding one of them takes them in place,
 * without asking again. Where the map is, what is in it and in which order, still comes from the
 * pages (a V2MOM created, realigned or deleted has them asked for again).
 */
export function putAlignmentRollup(queryClient: QueryClient, payload: unknown): void {
  const parsed = ZAlignmentRollupEventSchema.safeParse(payload);
  if (!parsed.success) return;
  const nodes = new Map(parsed.data.nodes.map((node) => [node.id, node]));
  queryClient.setQueriesData({ queryKey: v2momKeys.alignment() }, (data: unknown) =>
    isPagedData(data) ? patched(data as unknown as PagedData<TAlignedV2mom>, nodes) : data,
  );
}
