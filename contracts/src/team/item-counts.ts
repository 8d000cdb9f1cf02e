import { z } from 'zod';
import { ZFlagParamSchema, ZSearchParamSchema } from '../common/page.js';

/**
 * GET /api/items/counts: the Items List's tab counts (docs/PRODUCT.md#items-list), counted by the
 * server for the search the tabs share, as each tab's paged list would hold them.
 */
export const ZItemCountsQuerySchema = z.object({
  q: ZSearchParamSchema,
  /** Count only the stale methods in the methods' tabs (docs/PRODUCT.md#stale-marks); obstacles are counted either way. */
  stale: ZFlagParamSchema.optional(),
});
export type TItemCountsQuery = z.output<typeof ZItemCountsQuerySchema>;

const ZCountSchema = z.number().int().nonnegative();

export const ZItemCountsSchema = z.object({
  /** Methods the search holds (GET /api/methods?q=&stale=). */
  methods: ZCountSchema,
  /** Of those, the methods with any measure set (GET /api/methods?q=&stale=&withMeasure=true). */
  measures: ZCountSchema,
  /** Obstacles the search holds (GET /api/obstacles?q=): both obstacle tabs. */
  obstacles: ZCountSchema,
  /** The stale methods of every V2MOM, whatever the search: the `Stale only ({n})` switch's `n`. */
  staleMethods: ZCountSchema,
});
export type TItemCounts = z.infer<typeof ZItemCountsSchema>;
