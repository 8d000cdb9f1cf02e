/**
 * What happens to a method that is not completed when its V2MOM's year ends (docs/PRODUCT.md#next-year).
 * The rules apart from their schemas (year-end.ts), so that a screen that offers the choice loads no zod.
 */
export const YEAR_END_CHOICES = ['carry', 'missed', 'drop'] as const;
export type TYearEndChoice = (typeof YEAR_END_CHOICES)[number];

/** How a method's year ended, kept on the method of the closed year. */
export const YEAR_ENDS = ['carried', 'missed', 'dropped'] as const;
export type TYearEnd = (typeof YEAR_ENDS)[number];

export const YEAR_END_OF_CHOICE: Readonly<Record<TYearEndChoice, TYearEnd>> = { carry: 'carried', missed: 'missed', drop: 'dropped' };
