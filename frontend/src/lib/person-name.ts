import { displayName, type TUserRef } from '@v2mom/contracts';

/**
 * How every screen names a person it shows as owner, assignee or changer: 'Name (inactive)' once
 * an administrator deactivated them (docs/PRODUCT.md#people-api); `missing` when there is nobody.
 */
export function personName(person: Pick<TUserRef, 'name' | 'active'> | null | undefined, missing = 'Unassigned'): string {
  return person ? displayName(person) : missing;
}
