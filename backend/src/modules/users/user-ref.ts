import type { TUserRef } from '@v2mom/contracts';
import type { User } from './user.entity.js';

/** How an answer or event names a person, whether they are still active included (docs/PRODUCT.md#people-api). */
export function userRef({ id, name, active }: Pick<User, 'id' | 'name' | 'active'>): TUserRef {
  return { id, name, active };
}
