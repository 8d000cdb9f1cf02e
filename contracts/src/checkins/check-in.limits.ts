// How much one call may ask of the check-ins: apart from their schemas, so a screen that sizes its
// requests by them does not load zod.

import { MAX_PAGE_SIZE } from '../common/page-size.js';

/** A page of one method's check-ins (docs/PRODUCT.md#check-ins). */
export const CHECK_IN_PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * The methods and weeks one trends call may ask for (docs/PRODUCT.md#trends): a screen asks for
 * the methods of each page of its list apart, so one call names at most a page's rows.
 */
export const TREND_LIMITS = { methods: MAX_PAGE_SIZE, weeks: { default: 13, max: 52 } } as const;
