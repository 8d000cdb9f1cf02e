import { z } from 'zod';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';

/** What happens to a method that is not completed when its V2MOM's year ends (docs/PRODUCT.md#next-year). */
export const YEAR_END_CHOICES = ['carry', 'missed', 'drop'] as const;
export const ZYearEndChoiceSchema = z.enum(YEAR_END_CHOICES);
export type TYearEndChoice = z.infer<typeof ZYearEndChoiceSchema>;

/** How a method's year ended, kept on the method of the closed year. */
export const YEAR_ENDS = ['carried', 'missed', 'dropped'] as const;
export const ZYearEndSchema = z.enum(YEAR_ENDS);
export type TYearEnd = z.infer<typeof ZYearEndSchema>;

export const YEAR_END_OF_CHOICE: Readonly<Record<TYearEndChoice, TYearEnd>> = { carry: 'carried', missed: 'missed', drop: 'dropped' };

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
