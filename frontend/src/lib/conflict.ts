import type { TConflict } from '@v2mom/contracts';
import { ApiError, readConflictsWith } from './api-client';

// The 409 body's check and zod load with the first 409 (conflict-body.ts): the screens that read a
// conflict load this module, and no first view needs the check.
readConflictsWith((bodyText) => import('./conflict-body').then(({ conflictIn }) => conflictIn(bodyText)));

/** The collision a 409 reports (docs/PRODUCT.md#conflicts): who changed the row and when; null for any other error. */
export function conflictOf(error: unknown): TConflict | null {
  return error instanceof ApiError ? error.conflict : null;
}
