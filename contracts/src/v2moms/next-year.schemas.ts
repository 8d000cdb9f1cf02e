import { z } from 'zod';
import { TEXT_LIMITS, ZIdSchema, requiredText } from '../common/fields.schemas.js';
import { ZV2momCompleteSchema, ZVisionSchema, ZYearSchema } from './v2mom.schemas.js';
import { ZYearEndChoiceSchema } from './year-end.js';

/**
 * Starting next year's V2MOM from this one (docs/PRODUCT.md#next-year): `POST
 * /api/v2moms/{id}/next-year`. Every method of the V2MOM that is not completed gets one choice:
 * carried into the new year, closed as missed, or dropped.
 */

/** The limits the whole rollover is measured at (docs/PERFORMANCE.md): a V2MOM of 500 methods. */
const NEXT_YEAR_LIMITS = { values: 50, methods: 1000 } as const;

/** One method's choice; `ownerId` names who owns the carried copy (required when its owner is deactivated). */
export const ZMethodYearEndSchema = z.object({
  methodId: ZIdSchema,
  choice: ZYearEndChoiceSchema,
  /** Carry its progress and status instead of starting at 0 %, Not started. */
  keepProgress: z.boolean().optional(),
  ownerId: ZIdSchema.optional(),
});
export type TMethodYearEnd = z.infer<typeof ZMethodYearEndSchema>;

/** A value of the new year: a copy of `fromId` (the old year's value) with its text as edited, or a new one. */
export const ZNextYearValueSchema = z.object({
  fromId: ZIdSchema.optional(),
  description: requiredText(TEXT_LIMITS.longText, 'Description is required'),
});

export const ZStartNextYearSchema = z.object({
  /** The year after the V2MOM's own; anything else is refused. */
  year: ZYearSchema,
  /** The owner's V2MOM of that year made by hand, which the carried methods join. */
  intoV2momId: ZIdSchema.optional(),
  vision: ZVisionSchema,
  values: z.array(ZNextYearValueSchema).max(NEXT_YEAR_LIMITS.values),
  methods: z
    .array(ZMethodYearEndSchema)
    .max(NEXT_YEAR_LIMITS.methods)
    .refine((methods) => new Set(methods.map((method) => method.methodId)).size === methods.length, 'Each method can be listed only once'),
});
export type TStartNextYear = z.infer<typeof ZStartNextYearSchema>;

/** The answer: next year's V2MOM as a whole document; asking again the same gives the same. */
export const ZNextYearStartedSchema = ZV2momCompleteSchema;
export type TNextYearStarted = z.infer<typeof ZNextYearStartedSchema>;

/** The message every write to a closed V2MOM or its items is refused with (409). */
export function closedYearMessage(year: number, carriedIntoYear: number): string {
  return `The ${year} V2MOM is closed: it was carried into ${carriedIntoYear}, so only its quarter reviews can change`;
}
