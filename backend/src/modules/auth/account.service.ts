import type { EntityManager } from '@mikro-orm/core';
import type { TUpdateProfileRequest, TUser } from '@v2mom/contracts';
import type { Written } from '../shared/change-set.js';
import { assertVersion } from '../shared/guards.js';
import { userChanged } from '../users/user-changed.js';
import type { User } from '../users/user.entity.js';
import { toUserDto } from '../users/users.service.js';

/** Only the rows a flush really wrote become live events: the change log step of ../write-effects.ts notes them. */

/** PATCH /api/auth/user: one's own name (docs/PRODUCT.md#account-api). */
export async function updateOwnProfile(em: EntityManager, user: User, { name, version }: TUpdateProfileRequest): Promise<Written<TUser>> {
  await assertVersion('user', user, version);
  user.name = name;
  await em.flush();
  const department = user.department.getEntity().name;
  return { result: toUserDto(user), changeSet: await userChanged(em, user.id, 'updated', [department]) };
}
