import { PATHS, canAccessPath } from '../auth/access.js';
import type { TAccessSubject } from '../users/user.schemas.js';

/**
 * Who may see a check-in round (docs/PRODUCT.md#the-check-in-round): whoever may open the COO View,
 * and the people of the departments it goes through, whose turn it comes to.
 */
export function canSeeRound(subject: TAccessSubject | null | undefined, departments: readonly string[]): boolean {
  if (!subject) return false;
  return canAccessPath(subject, PATHS.cooView) || departments.includes(subject.department);
}
