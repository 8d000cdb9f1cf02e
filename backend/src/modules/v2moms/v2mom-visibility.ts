import type { EntityManager } from '@mikro-orm/core';
import type { ExpressionBuilder } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import type { User } from '../users/user.entity.js';

/**
 * Who reads a V2MOM (docs/PRODUCT.md#approval): a person's V2MOM that was never approved is read
 * only by its owner, their manager and `manage_structure`; every other V2MOM by everyone. Every
 * read of V2MOMs by a person goes through `visibleTo`, so the rule is written once; a hidden one
 * answers 404, as if it were not there.
 */

/** Who is reading: the signed-in person. */
export type Viewer = Pick<User, 'id' | 'capabilities'>;

/** Whether the viewer reads every V2MOM whatever its approval. */
export function readsAll(viewer: Viewer): boolean {
  return viewer.capabilities.includes('manage_structure');
}

/** The rows of `v2mom as v` the viewer may read, as a where-clause. */
export function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>) => {
    if (readsAll(viewer)) return eb.val(true);
    return eb.or([
      eb('v.approval', 'is', null),
      eb('v.approved_at', 'is not', null),
      eb('v.owner_id', '=', viewer.id),
      eb.exists(eb.selectFrom('user as reader_of').select('reader_of.id').whereRef('reader_of.id', '=', 'v.owner_id').where('reader_of.manager_id', '=', viewer.id)),
    ]);
  };
}

/** Whether the viewer reads every V2MOM `ownerId` owns, published or not: the owner, their manager, `manage_structure`. */
export async function readsAllOf(em: EntityManager, viewer: Viewer, ownerId: number): Promise<boolean> {
  if (readsAll(viewer) || viewer.id === ownerId) return true;
  const managed = await selectRows(em, (db) => db.selectFrom('user').select('id').where('id', '=', ownerId).where('manager_id', '=', viewer.id));
  return managed.length > 0;
}
