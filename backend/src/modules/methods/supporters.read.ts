import type { EntityManager } from '@mikro-orm/core';
import { pageCursor, SUPPORTERS_PAGE_SIZE, type TSupportersPage, type TSupportersQuery } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { knownCursor } from '../shared/guards.js';
import { joined } from '../shared/read-rows.js';
import { visibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';
import { readableMethod } from './method.read.js';

/**
 * A page of the methods that support one (docs/PRODUCT.md#roll-up), by id from the `supports_id`
 * index, with how many there are; a cursor of another method's list is a 400, an unknown method a
 * 404. Both are of the V2MOMs the viewer reads: a hidden draft's method, supported or supporting,
 * is not there for them (docs/PRODUCT.md#approval).
 */
export async function listMethodSupporters(
  em: EntityManager,
  viewer: Viewer,
  methodId: number,
  { cursor, limit = SUPPORTERS_PAGE_SIZE.default }: TSupportersQuery,
): Promise<TSupportersPage> {
  await readableMethod(em, viewer, methodId);
  const [counted] = await selectRows(em, (db) =>
    db
      .selectFrom('method as s')
      .innerJoin('v2mom as v', 'v.id', 's.v2mom_id')
      .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('total'))
      .where('s.supports_id', '=', methodId)
      .where(visibleTo(viewer)),
  );
  if (cursor) knownCursor(cursor.methodId === methodId);
  const rows = await selectRows(em, (db) => {
    let query = db
      .selectFrom('method as s')
      .innerJoin('v2mom as v', 'v.id', 's.v2mom_id')
      .leftJoin('user as u', 'u.id', 's.owner_id')
      .select(['s.id', 's.description', 's.progress', 's.status', 'v.id as v2mom_id', 'v.title as v2mom_title', 'u.id as owner_id', 'u.name as owner_name', 'u.active as owner_active'])
      .where('s.supports_id', '=', methodId)
      .where(visibleTo(viewer));
    if (cursor) query = query.where('s.id', '>', cursor.supporterId);
    return query.orderBy('s.id').limit(limit + 1);
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    supporters: page.map((row) => ({
      id: row.id,
      description: row.description,
      v2mom: { id: row.v2mom_id, title: row.v2mom_title },
      owner: joined({ id: row.owner_id, name: row.owner_name, active: row.owner_active }),
      progress: row.progress,
      status: row.status,
    })),
    total: counted?.total ?? 0,
    nextCursor: rows.length > limit && last ? pageCursor([methodId, last.id]) : null,
  };
}
