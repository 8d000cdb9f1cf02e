import { z } from 'zod';
import { cursorParam, pageLimitParam } from '../common/cursor.js';
import { ZIdSchema, ZPercentSchema, ZUserRefSchema, ZWorkStatusSchema } from '../common/fields.schemas.js';
import { SUPPORTERS_PAGE_SIZE } from './progress-from.js';

/** GET /api/methods/{id}/supporters: `cursor` is a page's `nextCursor` (the method's id and the last supporter's). */
export const ZSupportersQuerySchema = z.object({
  cursor: cursorParam(2, ([methodId = 0, supporterId = 0]) => ({ methodId, supporterId })).optional(),
  limit: pageLimitParam(SUPPORTERS_PAGE_SIZE.max, `At most ${SUPPORTERS_PAGE_SIZE.max} supporting methods a page`).optional(),
});
export type TSupportersQuery = z.infer<typeof ZSupportersQuerySchema>;

/** One method that supports another, with where it sits and how far it is. */
export const ZSupporterSchema = z.object({
  id: ZIdSchema,
  description: z.string(),
  v2mom: z.object({ id: ZIdSchema, title: z.string() }),
  owner: ZUserRefSchema.nullable(),
  progress: ZPercentSchema,
  status: ZWorkStatusSchema,
});
export type TSupporter = z.infer<typeof ZSupporterSchema>;

/** A page of the methods supporting one, in the order they were added; `nextCursor` null on the last page. */
export const ZSupportersPageSchema = z.object({
  supporters: z.array(ZSupporterSchema),
  total: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type TSupportersPage = z.infer<typeof ZSupportersPageSchema>;
