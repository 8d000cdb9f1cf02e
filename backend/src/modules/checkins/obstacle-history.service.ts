import type { EntityManager } from '@mikro-orm/core';
import type { TObstacleEvent, TObstacleHistory } from '@v2mom/contracts';
import { sql } from 'kysely';
import { selectRows } from '../read-db.js';
import { readableMethod } from '../methods/method.read.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';
import { isoTimestamp } from '../shared/read-rows.js';

/** A logged value as the deletion kept it: `{ old }` of one field. */
// eslint-disable-next-line local/no-raw-sql -- a jsonb path into the change log's fields, whose keys vary by entity
const keptOld = (field: string) => sql<string | null>`c.fields->${sql.lit(field)}->>'old'`;

/**
 * A method's obstacles on its time line (docs/PRODUCT.md#check-ins): those linked to it now, added
 * when created and not resolved, and those deleted while linked to it, resolved then. An obstacle
 * is resolved by deleting it; its deletion's change-log row keeps its description, creation time
 * and the methods it was linked to, so this reaches back as far as the log does (400 days). A
 * method of a draft the viewer may not read answers 404 (docs/PRODUCT.md#approval).
 */
export async function methodObstacleHistory(em: EntityManager, viewer: Viewer, methodId: number): Promise<TObstacleHistory> {
  const method = await readableMethod(em, viewer, methodId);
  const standing = await selectRows(em, (db) =>
    db
      .selectFrom('obstacle as o')
      .innerJoin('obstacle_linked_methods as l', 'l.obstacle_id', 'o.id')
      .select((eb) => ['o.id', 'o.description', isoTimestamp(eb.ref('o.created_at')).as('added_at')])
      .where('l.method_id', '=', methodId),
  );
  const resolved = await selectRows(em, (db) =>
    db
      .selectFrom('change_log as c')
      .select((eb) => ['c.row_id', keptOld('description').as('description'), keptOld('createdAt').as('added_at'), isoTimestamp(eb.ref('c.changed_at')).as('resolved_at')])
      .where('c.v2mom_id', '=', method.v2mom_id)
      .where('c.entity', '=', 'obstacle')
      .where('c.operation', '=', 'deleted')
      // eslint-disable-next-line local/no-raw-sql -- jsonb containment (@>) has no typed form in Kysely
      .where(sql<boolean>`(${keptOld('linkedMethods')})::jsonb @> ${JSON.stringify([methodId])}::jsonb`),
  );
  const obstacles: TObstacleEvent[] = [
    ...standing.map((row) => ({ id: row.id, description: row.description, addedAt: row.added_at, resolvedAt: null })),
    ...resolved.flatMap((row) =>
      row.description === null || row.added_at === null ? [] : [{ id: row.row_id, description: row.description, addedAt: row.added_at, resolvedAt: row.resolved_at }],
    ),
  ];
  return { obstacles: obstacles.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.id - b.id) };
}
