import type { EntityManager } from '@mikro-orm/core';
import type { TAlignmentAwaitingPage, TAlignmentAwaitingQuery } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { readAwaitingApproval } from './awaiting-approval.read.js';
import { walkUp } from './v2mom-path.read.js';
import { visibleTo } from './v2mom-visibility.js';
import type { Caller } from '../auth/signed-in-user.js';

/**
 * GET /api/alignment/awaiting (docs/PRODUCT.md#alignment-map): the map's "Needs my approval". A
 * page of the V2MOMs submitted to the caller, as GET /api/approvals/awaiting pages them, each with
 * the ids from the top of the map down to it, so the map opens those branches and shows only them.
 * One statement walks the page's parents up (at most four levels each); a V2MOM above one that the
 * caller does not read is left out of its path.
 */
export async function readAlignmentAwaiting(em: EntityManager, user: Caller, query: TAlignmentAwaitingQuery): Promise<TAlignmentAwaitingPage> {
  const awaiting = await readAwaitingApproval(em, user, query);
  const ids = awaiting.rows.map((row) => row.id);
  const above =
    ids.length === 0
      ? []
      : await selectRows(em, (db) =>
          walkUp(db, ids).selectFrom('up').innerJoin('v2mom as v', 'v.id', 'up.id').select(['v.id', 'v.parent_id']).distinct().where(visibleTo(user)),
        );
  const parentOf = new Map(above.map((row) => [row.id, row.parent_id]));
  return {
    rows: ids.map((id) => ({ id, path: pathDownTo(id, parentOf) })),
    nextCursor: awaiting.nextCursor,
    approvesAnyone: awaiting.approvesAnyone,
  };
}

/** The ids from the top down to `id`, of those `parentOf` holds: the walk stops at one the caller does not read. */
function pathDownTo(id: number, parentOf: ReadonlyMap<number, number | null>): number[] {
  const path: number[] = [];
  for (let at: number | null | undefined = id; at != null && parentOf.has(at); at = parentOf.get(at)) path.unshift(at);
  return path;
}
