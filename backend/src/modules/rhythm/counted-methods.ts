import type { Kysely } from 'kysely';
import type { ReadDb } from '../read-db.js';

/**
 * The methods the rhythm counts (docs/PRODUCT.md#rhythm-runs), as `method as m` with its V2MOM
 * `v` and owner `u`: of V2MOMs of the fiscal `year`, not completed, owned by someone who can still
 * sign in. A caller selects and narrows further.
 */
export function countedMethods(db: Kysely<ReadDb>, year: number) {
  return db
    .selectFrom('method as m')
    .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
    .innerJoin('user as u', 'u.id', 'm.owner_id')
    .where('v.year', '=', year)
    .where('m.status', '<>', 'completed')
    .where('u.active', '=', true);
}
