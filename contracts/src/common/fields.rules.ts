/**
 * The years the app works in: a V2MOM's year, and any date (docs/PRODUCT.md#validation). Apart
 * from the field schemas (fields.schemas.ts), so that a screen that only names the range loads no zod.
 */
export const YEAR_RANGE = { min: 2000, max: 2100 } as const;
