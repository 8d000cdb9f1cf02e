import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import { workStatusRank } from '../common/work-status.js';
import type { TMethodFilter } from './method-page.js';
import type { TMethodListItem } from './method.schemas.js';

/**
 * What a row of GET /api/methods (method-page.ts) sorts by and which rows a query holds. A module
 * without zod: the screens that list methods use it and load no schema.
 */

/** The measure fields a method may have set: the Measures list holds methods with any of them. */
export const METHOD_MEASURE_FIELDS = ['measure', 'currentMeasure', 'q1Measure', 'q2Measure', 'q3Measure', 'q4Measure'] as const;

/** What a methods list can be sorted by; `updated` is the latest change (Team Status lists it first). */
export const METHOD_SORTS = ['description', 'v2mom', 'owner', 'status', 'progress', ...METHOD_MEASURE_FIELDS, 'updated'] as const;
export type TMethodSort = (typeof METHOD_SORTS)[number];

/** Whether a method has any measure to list on the Measures list. */
export function hasAnyMeasure(method: Pick<TMethodListItem, (typeof METHOD_MEASURE_FIELDS)[number]>): boolean {
  return METHOD_MEASURE_FIELDS.some((field) => Boolean(method[field]?.trim()));
}

/** Whether a method has a key metric to show: a measure or a current measure (docs/PRODUCT.md#key-metrics). */
export function hasKeyMetric(method: Pick<TMethodListItem, 'measure' | 'currentMeasure'>): boolean {
  return Boolean(method.measure?.trim() || method.currentMeasure?.trim());
}

/** The text a method's search looks in: its description, V2MOM, owner, status and measures. */
export function methodSearchText(method: TMethodListItem): string {
  return [
    method.description,
    method.v2mom.title,
    method.owner?.name ?? '',
    method.status.replace('_', ' '),
    ...METHOD_MEASURE_FIELDS.map((field) => method[field] ?? ''),
  ].join(' ');
}

/**
 * Whether `method` is among the rows `query` lists. `isStale` judges a `stale` filter by the
 * company rhythm at the list's now (the row's `staleAt`, rhythm.calendar.ts `staleAtOf`); without
 * it no method is taken for stale.
 */
export function methodMatches(method: TMethodListItem, filter: TMethodFilter, isStale?: (method: TMethodListItem) => boolean): boolean {
  if (filter.stale === true && !isStale?.(method)) return false;
  if (filter.v2momId !== undefined && method.v2momId !== filter.v2momId) return false;
  if (filter.ownerId !== undefined && method.ownerId !== filter.ownerId) return false;
  if (filter.department !== undefined && method.owner?.department !== filter.department) return false;
  if (filter.withMeasure === true && !hasAnyMeasure(method)) return false;
  if (filter.forCooTracking !== undefined && method.forCooTracking !== filter.forCooTracking) return false;
  if (filter.withKeyMetric === true && !hasKeyMetric(method)) return false;
  return holdsWords(methodSearchText(method), searchWords(filter.q));
}

/** What `method` sorts by in `sort`: its latest change as the ISO text every row carries, whose order is the time's. */
export function methodSortKey(method: TMethodListItem, sort: TMethodSort): TSortKey {
  switch (sort) {
    case 'description':
      return textKey(method.description);
    case 'v2mom':
      return textKey(method.v2mom.title);
    case 'owner':
      return textKey(method.owner?.name);
    case 'status':
      return workStatusRank(method.status);
    case 'progress':
      return method.progress;
    case 'updated':
      return method.updatedAt;
    default:
      return textKey(method[sort]);
  }
}
