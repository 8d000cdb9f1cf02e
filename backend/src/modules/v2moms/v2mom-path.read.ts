import type { EntityManager } from '@mikro-orm/core';
import type { TV2momPath } from '@v2mom/contracts';
import type { Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { found } from '../shared/guards.js';

/**
 * GET /api/v2moms/{id}/path (docs/PRODUCT.md#alignment-map): the V2MOMs from the top of the map
 * down to one, itself last, so a search's find can be opened where it sits. One statement walks
 * the parents up (at most four levels, each a higher one); 404 when there is no such V2MOM.
 */
export async function readV2momPath(em: EntityManager, id: number): Promise<TV2momPath> {
  const rows = await selectRows(em, (db) => walkUp(db, [id]).selectFrom('up').select(['id', 'title', 'level']).orderBy('depth', 'desc'));
  found(rows.at(-1), 'V2MOM');
  return { path: rows };
}

/** `up`: the V2MOMs `ids` name and every V2MOM above them, each with how far above it is. */
export function walkUp(db: Kysely<ReadDb>, ids: readonly number[]) {
  return db.withRecursive('up(id, title, level, parent_id, depth)', (up) =>
    up
      .selectFrom('v2mom')
      .select(['id', 'title', 'level', 'parent_id', (eb) => eb.val(0).as('depth')])
      .where('id', 'in', ids)
      .unionAll(
        up
          .selectFrom('v2mom as v')
          .innerJoin('up', 'up.parent_id', 'v.id')
          .select(['v.id', 'v.title', 'v.level', 'v.parent_id', (eb) => eb(eb.ref('up.depth'), '+', 1).as('depth')]),
      ),
  );
}
