// How much one call may ask of the check-ins: apart from their schemas, so a screen that sizes its
// requests by them does not load zod.

/** A page of one method's check-ins (docs/PRODUCT.md#check-ins). */
export const CHECK_IN_PAGE_SIZE = { default: 20, max: 100 } as const;

/** The methods and weeks one trends call may ask for (docs/PRODUCT.md#trends). */
export const TREND_LIMITS = { methods: 2_000, weeks: { default: 13, max: 52 } } as const;
