import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema, ZFlagParamSchema } from '../common/page.js';
import { ZMethodListItemSchema } from './method.schemas.js';
import { METHOD_SORTS } from './method-page.rules.js';

/**
 * GET /api/methods: methods a page at a time, filtered and sorted by the server
 * (docs/PRODUCT.md#paged-lists). What a row sorts by and which rows a query holds are defined
 * for both sides in method-page.rules.ts: the server's SQL follows them (a test holds the two
 * together), and a client puts a row from a live event into the pages it holds with them.
 */

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
