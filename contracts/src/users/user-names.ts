import type { TUserListItem, TUserSummary } from './user.schemas.js';

// How people are named and offered on screen: apart from the schemas, so a screen that shows names
// does not load zod.

/** Who 'Only {name} can …' messages name when nobody holds `manage_structure`. */
export const NO_STRUCTURE_CONTACT_NAME = 'an administrator';

/** The {name} of 'Only {name} can …' messages, from the user list (docs/PRODUCT.md#named-holder). */
export function structureContactName(users: readonly Pick<TUserListItem, 'name' | 'structureContact'>[]): string {
  return users.find((user) => user.structureContact)?.name ?? NO_STRUCTURE_CONTACT_NAME;
}

/** How a deactivated person's name is shown wherever it appears (docs/PRODUCT.md#people-api). */
export const INACTIVE_SUFFIX = ' (inactive)';

export function displayName(user: { name: string; active: boolean }): string {
  return user.active ? user.name : `${user.name}${INACTIVE_SUFFIX}`;
}

/** Whom a people picker shows as chosen: enough for its label. */
export type TPickedPerson = Pick<TUserSummary, 'id' | 'name' | 'department' | 'active'>;

/** The owner select shows a user as name plus department: 'Dana Lee (inactive) (Marketing)'. */
export function userOptionLabel(user: Pick<TUserSummary, 'name' | 'active' | 'department'>): string {
  return `${displayName(user)} (${user.department})`;
}

/**
 * Whom an owner select offers: active people only, as nobody new is given to a deactivated
 * person, and the current owner even when deactivated, so the select still names them (docs/PRODUCT.md#people-api).
 */
export function assignableUsers<User extends Pick<TUserListItem, 'id' | 'active'>>(users: readonly User[], currentOwnerId: number | null = null): User[] {
  return users.filter((user) => user.active || user.id === currentOwnerId);
}
