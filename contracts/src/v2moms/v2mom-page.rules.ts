import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import { canAlignTo } from './v2mom-level.js';
import type { TV2momFilter } from './v2mom-page.js';
import type { TV2mom } from './v2mom.schemas.js';

/**
 * What a row of GET /api/v2moms (v2mom-page.ts) sorts by and which rows a query holds. A module
 * without zod: the screens that list V2MOMs use it and load no schema.
 */

/** What a V2MOM list can be sorted by: title (the default), owner name, year, progress, latest change. */
export const V2MOM_SORTS = ['title', 'owner', 'year', 'progress', 'updated'] as const;
export type TV2momSort = (typeof V2MOM_SORTS)[number];

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
