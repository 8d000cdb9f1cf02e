import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZBaseVersionSchema,
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZUpdatedBySchema,
  ZVersionSchema,
  optionalText,
  requiredId,
  requiredText,
} from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema } from '../common/page.js';
import { MEASURE_STATUSES } from './measure-status.js';

export const ZMeasureStatusSchema = z.enum(MEASURE_STATUSES);

/** A measure belongs to a V2MOM and optionally to one of its methods (deleted with it). */
export const ZMeasureSchema = z.object({
  id: ZIdSchema,
  version: ZVersionSchema,
  v2momId: ZIdSchema,
  methodId: ZIdSchema.nullable(),
  description: z.string(),
  target: z.string().nullable(),
  current: z.string().nullable(),
  status: ZMeasureStatusSchema,
  updatedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
});
export type TMeasure = z.infer<typeof ZMeasureSchema>;

/**
 * GET /api/measures?q=&cursor=&limit=: the measures a page at a time by description
 * (docs/PRODUCT.md#paged-lists), those whose description or V2MOM's title holds every word of `q`
 * when it is given (a picker's search).
 */
export const ZMeasurePageQuerySchema = pagedListQuerySchema(['description'], 'description', {});
export type TMeasurePageQuery = z.output<typeof ZMeasurePageQuerySchema>;

export const ZMeasurePageSchema = pageSchema(ZMeasureSchema);
export type TMeasurePage = z.infer<typeof ZMeasurePageSchema>;

/** POST /api/measures; status defaults to on_track. */
export const ZCreateMeasureSchema = z.object({
  v2momId: requiredId('V2MOM is required'),
  methodId: ZIdSchema.nullable().optional(),
  description: requiredText(TEXT_LIMITS.description, 'Description is required'),
  target: optionalText(TEXT_LIMITS.shortText),
  current: optionalText(TEXT_LIMITS.shortText),
  status: ZMeasureStatusSchema.optional(),
});
export type TCreateMeasure = z.infer<typeof ZCreateMeasureSchema>;

/** PUT /api/measures/{id}: the fields to change plus, optionally, the version they were based on. */
export const ZUpdateMeasureSchema = ZCreateMeasureSchema.omit({ v2momId: true })
  .partial()
  .extend({ version: ZBaseVersionSchema });
export type TUpdateMeasure = z.infer<typeof ZUpdateMeasureSchema>;

/**
 * POST /api/measures/{id}/feed (docs/PRODUCT.md#numbers-pushed-in): the value another system
 * measured, and the measure's status if it says. No `version`: the latest number wins by design.
 */
export const ZMeasureFeedSchema = z.strictObject({
  current: requiredText(TEXT_LIMITS.shortText, 'Send the measured value as current'),
  status: ZMeasureStatusSchema.optional(),
});
export type TMeasureFeed = z.infer<typeof ZMeasureFeedSchema>;
