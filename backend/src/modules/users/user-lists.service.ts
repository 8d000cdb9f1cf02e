import type { EntityManager } from '@mikro-orm/core';
import type { TMethodListItem, TUserListItem, TV2mom } from '@v2mom/contracts';
import { listMethods } from '../methods/methods.service.js';
import { found } from '../shared/guards.js';
import { listV2moms } from '../v2moms/v2moms.service.js';
import { User } from './user.entity.js';

/** GET /api/users: everyone, by name, for owner selects and filters. Capabilities stay private. */
export async function listUsers(em: EntityManager): Promise<TUserListItem[]> {
  const users = await em.find(User, {}, { populate: ['department'], orderBy: { name: 'asc', id: 'asc' } });
  return users.map((user) => ({
    id: user.id,
    username: user.username,
    name: user.name,
    department: user.department.getEntity().name,
    role: user.role,
    avatarUrl: user.avatarUrl ?? null,
  }));
}

async function assertUserExists(em: EntityManager, id: number): Promise<void> {
  found(await em.findOne(User, id, { fields: ['id'] }), 'User');
}

/** GET /api/users/{id}/v2moms: the V2MOMs the user owns (/my-v2mom lists the signed-in user's). */
export async function listUserV2moms(em: EntityManager, userId: number): Promise<TV2mom[]> {
  await assertUserExists(em, userId);
  return listV2moms(em, { ownerId: userId });
}

/** GET /api/users/{id}/methods: the methods the user owns, grouped by V2MOM in document order. */
export async function listUserMethods(em: EntityManager, userId: number): Promise<TMethodListItem[]> {
  await assertUserExists(em, userId);
  return listMethods(em, { ownerId: userId });
}
