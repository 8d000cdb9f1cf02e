import type { EntityManager } from '@mikro-orm/core';
import type { TCapability, TMethodListItem, TUserListItem, TV2mom } from '@v2mom/contracts';
import type { Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { listMethods } from '../methods/methods.service.js';
import { found } from '../shared/guards.js';
import { listV2moms } from '../v2moms/v2moms.service.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';
import { User } from './user.entity.js';

/**
 * The people of `ids` as people lists show them, by name, deactivated people marked. Capabilities
 * stay private; only the person 'Only {name} can …' messages name is marked (docs/PRODUCT.md#named-holder).
 */
export function usersByIds(em: EntityManager, ids: readonly number[]): Promise<TUserListItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectRows(em, (db) => {
    const contactId = structureContactId(db);
    return db
      .selectFrom('user as u')
      .innerJoin('department as d', 'd.id', 'u.department_id')
      .select(['u.id', 'u.username', 'u.name', 'd.name as department', 'u.role', 'u.avatar_url as avatarUrl', 'u.version', 'u.active'])
      .select((eb) => eb.fn.coalesce(eb('u.id', '=', contactId), eb.lit(false)).$castTo<boolean>().as('structureContact'))
      .where('u.id', 'in', ids)
      .orderBy('u.name')
      .orderBy('u.id');
  });
}

/** One person as people lists show them: the row their `entity:changed` carries. */
export async function userListItem(em: EntityManager, id: number): Promise<TUserListItem> {
  return found((await usersByIds(em, [id]))[0], 'User');
}

const STRUCTURE_CAPABILITY: TCapability = 'manage_structure';

/** The id of the person 'Only {name} can …' messages name: the first holder of `manage_structure`. */
export function structureContactId(db: Kysely<ReadDb>) {
  return db
    .selectFrom('user as holder')
    .select((eb) => eb.fn.min<number>('holder.id').as('id'))
    .where((eb) => eb(eb.val(STRUCTURE_CAPABILITY), '=', eb.fn.any('holder.capabilities')));
}

async function assertUserExists(em: EntityManager, id: number): Promise<void> {
  found(await em.findOne(User, id, { fields: ['id'] }), 'User');
}

/** GET /api/users/{id}/v2moms: the V2MOMs the user owns (/my-v2mom lists the signed-in user's), those `viewer` may read when given. */
export async function listUserV2moms(em: EntityManager, userId: number, viewer?: Viewer): Promise<TV2mom[]> {
  await assertUserExists(em, userId);
  return listV2moms(em, { ownerId: userId, viewer });
}

/**
 * GET /api/users/{id}/methods: the methods the user owns, grouped by V2MOM in document order; with
 * a viewer, only those of the V2MOMs they read.
 */
export async function listUserMethods(em: EntityManager, userId: number, viewer?: Viewer): Promise<TMethodListItem[]> {
  await assertUserExists(em, userId);
  return listMethods(em, { ownerId: userId, viewer });
}
