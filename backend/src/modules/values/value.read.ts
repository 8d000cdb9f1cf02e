import type { EntityManager } from '@mikro-orm/core';
import type { TValue } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { auditFields, isoTimestamp } from '../shared/read-rows.js';

export interface ValueFilter {
  id?: number;
  v2momId?: number;
}

/** Values as every read side shows them (ZValueSchema), by V2MOM then in list order; one statement. */
export async function readValues(em: EntityManager, filter: ValueFilter = {}): Promise<TValue[]> {
  const rows = await selectRows(em, (db) => {
    let query = db
      .selectFrom('value as val')
      .leftJoin('user as ub', 'ub.id', 'val.updated_by_id')
      .select((eb) => [
        'val.id',
        'val.version',
        isoTimestamp(eb.ref('val.updated_at')).as('updated_at'),
        'ub.id as updated_by_id',
        'ub.name as updated_by_name',
        'ub.active as updated_by_active',
        'val.v2mom_id',
        'val.description',
        'val.position',
      ])
      .orderBy('val.v2mom_id')
      .orderBy('val.position')
      .orderBy('val.id');
    if (filter.id !== undefined) query = query.where('val.id', '=', filter.id);
    if (filter.v2momId !== undefined) query = query.where('val.v2mom_id', '=', filter.v2momId);
    return query;
  });
  return rows.map((row) => ({
    id: row.id,
    ...auditFields(row),
    v2momId: row.v2mom_id,
    description: row.description,
    order: row.position,
  }));
}
