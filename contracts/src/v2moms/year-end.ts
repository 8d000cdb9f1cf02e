import { z } from 'zod';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { YEAR_END_CHOICES, YEAR_ENDS } from './year-end.rules.js';

/** The schemas of a year's end (docs/PRODUCT.md#next-year); its rules are in year-end.rules.ts. */
export const ZYearEndChoiceSchema = z.enum(YEAR_END_CHOICES);
export const ZYearEndSchema = z.enum(YEAR_ENDS);

/** Where a carried method came from: the old year's method and its V2MOM's year. */
export const ZCarriedFromSchema = z.object({ id: z.number().int(), v2momId: z.number().int(), year: z.number().int() });
export type TCarriedFrom = z.infer<typeof ZCarriedFromSchema>;

/** The year a closed V2MOM was carried into: next year's V2MOM. */
export const ZCarriedIntoSchema = z.object({ id: z.number().int(), year: z.number().int() });
export type TCarriedInto = z.infer<typeof ZCarriedIntoSchema>;

/** A write refused because its V2MOM's year is closed: the message names the year it was carried into. */
export const ZClosedYearBodySchema = ZErrorBodySchema.extend({ code: z.literal('conflict'), carriedInto: ZCarriedIntoSchema });

/** The 409 of a write to a V2MOM or its items: a stale version, or a closed year. */
export const ZItemConflictBodySchema = z.union([ZConflictBodySchema, ZClosedYearBodySchema]);
