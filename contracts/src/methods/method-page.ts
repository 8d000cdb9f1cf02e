import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema, ZFlagParamSchema } from '../common/page.js';
import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import { workStatusRank } from '../common/work-status.js';
import { ZMethodListItemSchema, type TMethodListItem } from './method.schemas.js';

/**
 * GET /api/methods: methods a page at a time, filtered and sorted by the server
 * (docs/PRODUCT.md#paged-lists). What a row sorts by and which rows a query holds are defined here
 * for both sides: the server's SQL follows them (a test holds the two together), and a client
 * puts a row from a live event into the pages it holds with them.
 */

/** The measure fields a method may have set: the Measures list holds methods with any of them. */
export const METHOD_MEASURE_FIELDS = ['measure', 'currentMeasure', 'q1Measure', 'q2Measure', 'q3Measure', 'q4Measure'] as const;

/** What a methods list can be sorted by; `updated` is the latest change (Team Status lists it first). */
export const METHOD_SORTS = ['description', 'v2mom', 'owner', 'status', 'progress', ...METHOD_MEASURE_FIELDS, 'updated'] as const;
export type TMethodSort = (typeof METHOD_SORTS)[number];

export const ZMethodPageQuerySchema = pagedListQuerySchema(METHOD_SORTS, 'description', {
  v2momId: z.coerce.number().pipe(ZIdSchema).optional(),
  ownerId: z.coerce.number().pipe(ZIdSchema).optional(),
  /** Methods whose owner is in this department (by name, as a method's owner names it). */
  department: z.string().min(1).max(200).optional(),
  /** Only methods with any measure set (the Measures list). */
  withMeasure: ZFlagParamSchema.optional(),
  /** Only the methods stale now, by the company rhythm (docs/PRODUCT.md#stale-marks). */
  stale: ZFlagParamSchema.optional(),
  /** Only the methods marked for COO tracking (Key Metrics, the COO View, the dashboard's preview). */
  forCooTracking: ZFlagParamSchema.optional(),
  /** Only methods with a measure or a current measure: a key metric (docs/PRODUCT.md#key-metrics). */
  withKeyMetric: ZFlagParamSchema.optional(),
}, { keyKinds: { status: 'number', progress: 'number', updated: 'time' } });
export type TMethodPageQuery = z.output<typeof ZMethodPageQuerySchema>;
/** Which methods a list holds: the query less its order and paging. */
export type TMethodFilter = Pick<TMethodPageQuery, 'q' | 'v2momId' | 'ownerId' | 'department' | 'withMeasure' | 'stale' | 'forCooTracking' | 'withKeyMetric'>;
/** A list of methods as a screen shows it: which, and in what order. */
export type TMethodListView = TMethodFilter & Pick<TMethodPageQuery, 'sort' | 'dir'>;

export const ZMethodPageSchema = pageSchema(ZMethodListItemSchema);
export type TMethodPage = z.infer<typeof ZMethodPageSchema>;

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
 * company rhythm at the list's now (rhythm.calendar.ts `staleMarksAt`); without it no method is
 * taken for stale.
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
