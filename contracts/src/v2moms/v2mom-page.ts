import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema } from '../common/page.js';
import { ZV2momStatusSchema } from './v2mom-status.js';
import { ZV2momLevelSchema, ZV2momSchema, ZYearSchema } from './v2mom.schemas.js';
import { V2MOM_SORTS } from './v2mom-page.rules.js';

/**
 * GET /api/v2moms: V2MOMs a page at a time, filtered and sorted by the server
 * (docs/PRODUCT.md#paged-lists). What a row sorts by and which rows a query holds are defined
 * for both sides in v2mom-page.rules.ts: the server's SQL follows them (a test holds the two
 * together), and a client puts a row from a live event into the pages it holds with them.
 */

export const ZV2momPageQuerySchema = pagedListQuerySchema(V2MOM_SORTS, 'title', {
  /** Only the V2MOMs of this owner (the pickers of those who may add only to their own). */
  ownerId: z.coerce.number().pipe(ZIdSchema).optional(),
  /** Only the V2MOMs whose owner is in the department of this name. */
  department: z.string().min(1).max(200).optional(),
  status: ZV2momStatusSchema.optional(),
  /** Only the V2MOMs of this year. */
  year: z.coerce.number().pipe(ZYearSchema).optional(),
  /** Only the V2MOMs a V2MOM of this level may be aligned to: those of a higher level ("Aligned to" picker). */
  levelAbove: ZV2momLevelSchema.optional(),
}, { keyKinds: { year: 'number', progress: 'number', updated: 'number' } });
export type TV2momPageQuery = z.output<typeof ZV2momPageQuerySchema>;
/** Which V2MOMs a list holds: the query less its order and paging. */
export type TV2momFilter = Pick<TV2momPageQuery, 'q' | 'ownerId' | 'department' | 'status' | 'year' | 'levelAbove'>;
/** A list of V2MOMs as a screen shows it: which, and in what order. */
export type TV2momListView = TV2momFilter & Pick<TV2momPageQuery, 'sort' | 'dir'>;

export const ZV2momPageSchema = pageSchema(ZV2momSchema);
export type TV2momPage = z.infer<typeof ZV2momPageSchema>;
