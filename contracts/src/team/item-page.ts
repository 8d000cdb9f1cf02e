import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { CURSOR_MESSAGE, decodeCursor, encodeCursor } from '../common/cursor.js';
import { pageSchema, pagedListQuerySchema, ZFlagParamSchema } from '../common/page.js';
import { ZMethodListItemSchema } from '../methods/method.schemas.js';
import { ZObstacleListItemSchema } from '../obstacles/obstacle-page.js';
import { ITEM_KINDS, ITEM_SORTS, type TItemCursor } from './item-page.rules.js';

/**
 * GET /api/items: the Items List's All Items tab (docs/PRODUCT.md#items-list), methods and
 * obstacles in one list, a page at a time. A row is a method as GET /api/methods lists it or an
 * obstacle as GET /api/obstacles does, and the tab holds what those two hold for the same search:
 * the methods alone with `stale`. Rows are ordered by the column's key, then kind (methods first),
 * then id, each in the direction asked, so a cursor names the last row's key, kind and id.
 */

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
