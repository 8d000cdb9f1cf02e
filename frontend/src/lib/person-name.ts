import { displayName, INACTIVE_SUFFIX, written, type TSentence, type TUserRef } from '@v2mom/contracts';

/**
 * How every screen names a person it shows as owner, assignee or changer: 'Name (inactive)' once
 * an administrator deactivated them (docs/PRODUCT.md#people-api); `missing` when there is nobody.
 */
export function personName(person: Pick<TUserRef, 'name' | 'active'> | null | undefined, missing = 'Unassigned'): string {
  return person ? displayName(person) : missing;
}

/** `personName` as a part of a sentence: the name as its person wrote it, isolated on screen (docs/PRODUCT.md#user-text). */
export function personSentence(person: Pick<TUserRef, 'name' | 'active'> | null | undefined, missing = 'Unassigned'): TSentence {
  if (!person) return [missing];
  return person.active ? [written(person.name)] : [written(person.name), INACTIVE_SUFFIX];
}
