import type { EntityManager } from '@mikro-orm/core';
import { searchWords, type TMeasure } from '@v2mom/contracts';
import { holdsWord, searchText } from '../../db/search.js';
import { selectRows } from '../read-db.js';
import { v2momsTitled } from '../shared/word-search.read.js';
import { auditFields, isoTimestamp } from '../shared/read-rows.js';

export interface MeasureFilter {
  id?: number;
  v2momId?: number;
  /** Words that the description or the V2MOM's title must each hold. */
  q?: string;
  limit?: number;
}

/** Measures as every read side shows them (ZMeasureSchema), by V2MOM then in list order; one statement. */
export async function readMeasures(em: EntityManager, filter: MeasureFilter = {}): Promise<TMeasure[]> {
  const rows = await selectRows(em, (db) => {
    let query = db
      .selectFrom('measure as ms')
      .leftJoin('user as ub', 'ub.id', 'ms.updated_by_id')
      .select((eb) => [
        'ms.id',
        'ms.version',
        isoTimestamp(eb.ref('ms.updated_at')).as('updated_at'),
        'ub.id as updated_by_id',
        'ub.name as updated_by_name',
        'ub.active as updated_by_active',
        'ms.v2mom_id',
        'ms.method_id',
        'ms.description',
        'ms.target',
        'ms.current',
        'ms.status',
      ])
      .orderBy('ms.v2mom_id')
      .orderBy('ms.position')
      .orderBy('ms.id');
    if (filter.id !== undefined) query = query.where('ms.id', '=', filter.id);
    if (filter.v2momId !== undefined) query = query.where('ms.v2mom_id', '=', filter.v2momId);
    for (const word of searchWords(filter.q)) {
      query = query.where((eb) => eb.or([holdsWord(searchText([eb.ref('ms.description')]), word), eb('ms.v2mom_id', 'in', v2momsTitled(word))]));
    }
    if (filter.limit !== undefined) query = query.limit(filter.limit);
    return query;
  });
  return rows.map((row) => ({
    id: row.id,
    ...auditFields(row),
    v2momId: row.v2mom_id,
    methodId: row.method_id,
    description: row.description,
    target: row.target,
    current: row.current,
    status: row.status,
  }));
}
