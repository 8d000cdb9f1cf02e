import { z } from 'zod';
import { ZIdSchema, ZIsoDateSchema, ZIsoDateTimeSchema, ZPercentSchema, ZWorkStatusSchema } from '../common/fields.schemas.js';
import { ZMeasureStatusSchema } from '../measures/measure.schemas.js';
import { ZConfidenceSchema } from './confidence.schemas.js';

/**
 * GET /api/as-of (docs/PRODUCT.md#as-of): the COO-tracked methods, or one V2MOM's methods and
 * measures, as they were at the end of a company day of the current fiscal year, and optionally
 * as they were on an earlier day to compare with.
 */
export const ZAsOfQuerySchema = z
  .object({
    asOf: ZIsoDateSchema,
    compare: ZIsoDateSchema.optional(),
    /** One V2MOM's methods and measures; without it, the methods marked for COO tracking. */
    v2momId: z.coerce.number().pipe(ZIdSchema).optional(),
  })
  .refine(({ asOf, compare }) => compare === undefined || compare < asOf, { message: 'Compare with a day before the one shown', path: ['compare'] });
export type TAsOfQuery = z.infer<typeof ZAsOfQuerySchema>;

/** A method's values at a moment, read from its check-ins (docs/PRODUCT.md#trends). */
export const ZMethodValuesAtSchema = z.object({
  progress: ZPercentSchema,
  status: ZWorkStatusSchema,
  currentMeasure: z.string().nullable(),
  confidence: ZConfidenceSchema.nullable(),
});
export type TMethodValuesAt = z.infer<typeof ZMethodValuesAtSchema>;

/** A V2MOM measure's values at a moment, read from the change log. */
export const ZMeasureValuesAtSchema = z.object({
  current: z.string().nullable(),
  status: ZMeasureStatusSchema,
});
export type TMeasureValuesAt = z.infer<typeof ZMeasureValuesAtSchema>;

export const ZAsOfMethodSchema = z.object({
  methodId: ZIdSchema,
  at: ZMethodValuesAtSchema,
  /** On the day compared with; null without one, or when the method did not exist yet. */
  compared: ZMethodValuesAtSchema.nullable(),
  /** Obstacles linked to it now that were created after the day compared with, up to the day shown. */
  newObstacles: z.array(z.object({ id: ZIdSchema, description: z.string() })),
});
export type TAsOfMethod = z.infer<typeof ZAsOfMethodSchema>;

export const ZAsOfMeasureSchema = z.object({
  measureId: ZIdSchema,
  at: ZMeasureValuesAtSchema,
  compared: ZMeasureValuesAtSchema.nullable(),
});
export type TAsOfMeasure = z.infer<typeof ZAsOfMeasureSchema>;

export const ZAsOfSchema = z.object({
  asOf: ZIsoDateSchema,
  /** The instant the values are read at: the day's end on the company's clock, or now on today. */
  at: ZIsoDateTimeSchema,
  compare: ZIsoDateSchema.nullable(),
  comparedAt: ZIsoDateTimeSchema.nullable(),
  /** The methods that existed at `at`, in no order; those created later are left out. */
  methods: z.array(ZAsOfMethodSchema),
  /** The V2MOM's measures that existed at `at`; empty for the COO-tracked methods. */
  measures: z.array(ZAsOfMeasureSchema),
});
export type TAsOf = z.infer<typeof ZAsOfSchema>;
