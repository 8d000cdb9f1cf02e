import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { CURSOR_MESSAGE, decodeCursor, encodeCursor } from '../common/cursor.js';
import { pageSchema, pagedListQuerySchema, ZFlagParamSchema } from '../common/page.js';
import { compareKeys, type TSortDirection, type TSortKey } from '../common/list-order.js';
import { ZMethodListItemSchema } from '../methods/method.schemas.js';
import { ZObstacleListItemSchema } from '../obstacles/obstacle-page.js';

/**
 * GET /api/items: the Items List's All Items tab (docs/PRODUCT.md#items-list), methods and
 * obstacles in one list, a page at a time. A row is a method as GET /api/methods lists it or an
 * obstacle as GET /api/obstacles does, and the tab holds what those two hold for the same search:
 * the methods alone with `stale`. Rows are ordered by the column's key, then kind (methods first),
 * then id, each in the direction asked, so a cursor names the last row's key, kind and id.
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

const ZItemCursorSchema = z.tuple([z.union([z.string().max(2_000), z.number(), z.null()]), z.enum(ITEM_KINDS), ZIdSchema]);

/** The `nextCursor` of a page of items that ended at `cursor`. */
export function itemCursor(cursor: TItemCursor): string {
  return encodeCursor([cursor.key, cursor.kind, cursor.id]);
}

const ZItemCursorParamSchema = z
  .string()
  .max(3_000, CURSOR_MESSAGE)
  .transform((text, context): TItemCursor => {
    const parsed = decodeCursor(text, ZItemCursorSchema);
    if (parsed) return { key: parsed[0], kind: parsed[1], id: parsed[2] };
    context.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return z.NEVER;
  });

export const ZItemPageQuerySchema = pagedListQuerySchema(
  ITEM_SORTS,
  'description',
  {
    /** Only the methods stale now, by the company rhythm (docs/PRODUCT.md#stale-marks): no obstacle is. */
    stale: ZFlagParamSchema.optional(),
  },
  { cursor: ZItemCursorParamSchema },
);
export type TItemPageQuery = z.output<typeof ZItemPageQuerySchema>;
/** The All Items list as a screen shows it: which rows, and in what order. */
export type TItemListView = Pick<TItemPageQuery, 'q' | 'stale' | 'sort' | 'dir'>;

export const ZItemListItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('method'), method: ZMethodListItemSchema }),
  z.object({ kind: z.literal('obstacle'), obstacle: ZObstacleListItemSchema }),
]);
export type TItemListItem = z.infer<typeof ZItemListItemSchema>;

export const ZItemPageSchema = pageSchema(ZItemListItemSchema);
export type TItemPage = z.infer<typeof ZItemPageSchema>;

/** The All Items order: by key (as `compareKeys` orders keys), then methods before obstacles, then id; negative when `a` comes first. */
export function compareItems(a: TItemCursor, b: TItemCursor, dir: TSortDirection): number {
  const byKey = compareKeys({ key: a.key, id: 0 }, { key: b.key, id: 0 }, dir);
  if (byKey !== 0) return byKey;
  const sign = dir === 'asc' ? 1 : -1;
  if (a.kind !== b.kind) return (a.kind === 'method' ? -1 : 1) * sign;
  return (a.id - b.id) * sign;
}
