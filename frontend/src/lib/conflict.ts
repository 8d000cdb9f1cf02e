import { ZConflictBodySchema, type TConflict } from '@v2mom/contracts';
import { ApiError } from './api-client';

/** The collision a 409 reports (docs/PRODUCT.md#conflicts): who changed the row and when; null for any other error. */
export function conflictOf(error: unknown): TConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const parsed = ZConflictBodySchema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data.conflict : null;
  } catch {
    return null;
  }
}
