import type { EntityManager } from '@mikro-orm/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import type { User } from '../users/user.entity.js';

/**
 * Who reads a V2MOM (docs/PRODUCT.md#approval): a person's V2MOM that was never approved is read
 * only by its owner, their manager and `manage_structure`; every other V2MOM by everyone. Every
 * read of V2MOMs by a person goes through `visibleTo`, so the rule is written once; a hidden one
 * answers 404, as if it were not there. Its methods and obstacles follow it: a read of them joins
 * their V2MOM as `v` and takes the same clause, and one of them alone asks `readsV2mom`.
 */

/** Who is reading: the signed-in person. */
export type Viewer = Pick<User, 'id' | 'capabilities'>;

/** The rows of `v2mom as v` everyone reads: all but a person's V2MOM never approved. */
export function publishedToAll(eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>) {
  return eb.or([eb('v.approval', 'is', null), eb('v.approved_at', 'is not', null)]);
}

/** The ids of the V2MOMs not everyone reads yet (people's V2MOMs never approved): a few rows of `v2mom_unpublished_index`. */
export function unpublishedV2momIds(db: Kysely<ReadDb>) {
  return db.selectFrom('v2mom as v').select('v.id').where((eb) => eb.not(publishedToAll(eb)));
}

/** Whether the viewer reads every V2MOM whatever its approval. */
export function readsEveryV2mom(viewer: Viewer): boolean {
  return viewer.capabilities.includes('manage_structure');
}

/** The rows of `v2mom as v` the viewer may read, as a where-clause. */
export function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>) => {
    if (readsEveryV2mom(viewer)) return eb.val(true);
    return eb.or([
      publishedToAll(eb),
      eb('v.owner_id', '=', viewer.id),
      eb.exists(eb.selectFrom('user as reader_of').select('reader_of.id').whereRef('reader_of.id', '=', 'v.owner_id').where('reader_of.manager_id', '=', viewer.id)),
    ]);
  };
}

/**
 * The rows of `v2mom as v` hidden from the viewer, as a where-clause: what is taken off a figure
 * kept for the whole company (the method tally) to leave the viewer's. PostgreSQL reads its negation
 * as never-approved V2MOMs of others, a few rows of `v2mom_unpublished_index`.
 */
export function hiddenFrom(viewer: Viewer) {
  return (eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>) => eb.not(visibleTo(viewer)(eb));
}

/**
 * The rows of `method as m` of the V2MOMs the viewer may read, as a where-clause on the method's own
 * `v2mom_id`: no look-up of its V2MOM per method (two pages each), but one read of the few V2MOMs
 * hidden from the viewer (`hiddenFrom`), which PostgreSQL hashes once per statement; nothing at all
 * for a viewer who reads every V2MOM.
 */
export function methodVisibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<ReadDb & { m: ReadDb['method'] }, 'm'>) =>
    readsEveryV2mom(viewer) ? eb.val(true) : eb('m.v2mom_id', 'not in', eb.selectFrom('v2mom as v').select('v.id').where(hiddenFrom(viewer)));
}

/** The methods (`m`) of the V2MOMs hidden from the viewer: what a figure of every method takes off, what a read of rows pointing at methods leaves out. */
export function methodsHiddenFrom(db: Kysely<ReadDb>, viewer: Viewer) {
  return db.selectFrom('v2mom as v').innerJoin('method as m', 'm.v2mom_id', 'v.id').where(hiddenFrom(viewer));
}

/** Whether the viewer reads the V2MOM `v2momId` (false too when there is none): one look-up by its key. */
export async function readsV2mom(em: EntityManager, viewer: Viewer, v2momId: number): Promise<boolean> {
  const readable = await selectRows(em, (db) => db.selectFrom('v2mom as v').select('v.id').where('v.id', '=', v2momId).where(visibleTo(viewer)));
  return readable.length > 0;
}

/** Whether the viewer reads every V2MOM `ownerId` owns, published or not: the owner, their manager, `manage_structure`. */
export async function readsAllOf(em: EntityManager, viewer: Viewer, ownerId: number): Promise<boolean> {
  if (readsEveryV2mom(viewer) || viewer.id === ownerId) return true;
  const managed = await selectRows(em, (db) => db.selectFrom('user').select('id').where('id', '=', ownerId).where('manager_id', '=', viewer.id));
  return managed.length > 0;
}
