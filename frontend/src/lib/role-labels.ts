import type { TRole } from '@v2mom/contracts';

const ROLE_LABELS: Record<TRole, string> = { admin: 'Admin', user: 'User', read_only: 'Read only' };

/** A role as screens name it (docs/PRODUCT.md#roles). */
export function roleLabel(role: TRole): string {
  return ROLE_LABELS[role];
}
