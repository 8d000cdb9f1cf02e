import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema } from '../common/page.js';
import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import { ZV2momStatusSchema } from './v2mom-status.js';
import { ZV2momSchema, ZYearSchema, type TV2mom } from './v2mom.schemas.js';
import { ZV2momLevelSchema, canAlignTo } from './v2mom-level.js';

/**
 * GET /api/v2moms: V2MOMs a page at a time, filtered and sorted by the server
 * (docs/PRODUCT.md#paged-lists). What a row sorts by and which rows a query holds are defined here
 * for both sides: the server's SQL follows them (a test holds the two together), and a client
 * puts a row from a live event into the pages it holds with them.
 */

/** What a V2MOM list can be sorted by: title (the default), owner name, year, progress, latest change. */
export const V2MOM_SORTS = ['title', 'owner', 'year', 'progress', 'updated'] as const;
export type TV2momSort = (typeof V2MOM_SORTS)[number];

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

/** The text a V2MOM's search looks in: its title, its owner's name and department. */
export function v2momSearchText(v2mom: TV2mom): string {
  return [v2mom.title, v2mom.owner.name, v2mom.owner.department].join(' ');
}

/** Whether `v2mom` is among the rows `filter` holds. */
export function v2momMatches(v2mom: TV2mom, filter: TV2momFilter): boolean {
  if (filter.ownerId !== undefined && v2mom.userId !== filter.ownerId) return false;
  if (filter.department !== undefined && v2mom.owner.department !== filter.department) return false;
  if (filter.status !== undefined && v2mom.status !== filter.status) return false;
  if (filter.year !== undefined && v2mom.year !== filter.year) return false;
  if (filter.levelAbove !== undefined && !canAlignTo(filter.levelAbove, v2mom.level)) return false;
  return holdsWords(v2momSearchText(v2mom), searchWords(filter.q));
}

/** What `v2mom` sorts by in `sort`: the latest change in epoch milliseconds. */
export function v2momSortKey(v2mom: TV2mom, sort: TV2momSort): TSortKey {
  switch (sort) {
    case 'title':
      return textKey(v2mom.title);
    case 'owner':
      return textKey(v2mom.owner.name);
    case 'year':
      return v2mom.year;
    case 'progress':
      return v2mom.overallProgress;
    case 'updated':
      return Date.parse(v2mom.lastUpdated);
  }
}
