import { compareKeys, type TSortDirection, type TSortKey } from '../common/list-order.js';

/**
 * The All Items tab's sorts and order (item-page.ts, GET /api/items), in a module without zod: the
 * Items List uses it and loads no schema.
 */

export const ITEM_KINDS = ['method', 'obstacle'] as const;
export type TItemKind = (typeof ITEM_KINDS)[number];

/** What the All Items tab can be sorted by: `kind` puts the methods, then the obstacles, each by id. */
export const ITEM_SORTS = ['description', 'kind', 'v2mom', 'owner'] as const;
export type TItemSort = (typeof ITEM_SORTS)[number];

/** Where a page of items ended: the last row's sort key, kind and id. */
export interface TItemCursor {
  key: TSortKey;
  kind: TItemKind;
  id: number;
}

/** The All Items order: by key (as `compareKeys` orders keys), then methods before obstacles, then id; negative when `a` comes first. */
export function compareItems(a: TItemCursor, b: TItemCursor, dir: TSortDirection): number {
  const byKey = compareKeys({ key: a.key, id: 0 }, { key: b.key, id: 0 }, dir);
  if (byKey !== 0) return byKey;
  const sign = dir === 'asc' ? 1 : -1;
  if (a.kind !== b.kind) return (a.kind === 'method' ? -1 : 1) * sign;
  return (a.id - b.id) * sign;
}
