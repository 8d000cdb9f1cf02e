import type { EntityManager } from '@mikro-orm/core';
import { searchWords, type TMeasure, type TMeasurePage, type TMeasurePageQuery } from '@v2mom/contracts';
import { expressionBuilder, type Kysely } from 'kysely';
import { inKeysetPart, keysetPage, textSortKey } from '../../db/keyset.js';
import { holdsWord, searchText } from '../../db/search.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { v2momsTitled } from '../shared/word-search.read.js';
import { auditFields, isoTimestamp } from '../shared/read-rows.js';

export interface MeasureFilter {
  id?: number;
  v2momId?: number;
  ids?: readonly number[];
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
    if (filter.ids !== undefined) query = query.where('ms.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
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

type PageTables = ReadDb & { ms: ReadDb['measure'] };

/** The measures whose description or V2MOM's title holds every word of `q`, one `ms.id` each: what a page is cut from. */
function searchedMeasures(db: Kysely<ReadDb>, q: string | undefined) {
  let rows = db.selectFrom('measure as ms').select('ms.id');
  for (const word of searchWords(q)) {
    rows = rows.where((eb) => eb.or([holdsWord(searchText([eb.ref('ms.description')]), word), eb('ms.v2mom_id', 'in', v2momsTitled(word))]));
  }
  return rows;
}

/** The page of measures `query` asks for, by description along its sort index; then those measures in their read shape. */
export async function readMeasurePage(em: EntityManager, query: TMeasurePageQuery): Promise<TMeasurePage> {
  const eb = expressionBuilder<PageTables, 'ms'>();
  const order = { key: textSortKey(eb.ref('ms.description')), id: eb.ref('ms.id'), dir: query.dir };
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) => selectRows(em, (db) => inKeysetPart(searchedMeasures(db, query.q), order, part)));
  const measures = new Map((await readMeasures(em, { ids: page.rows.map((row) => row.id) })).map((measure) => [measure.id, measure]));
  return { rows: page.rows.flatMap((row) => measures.get(row.id) ?? []), nextCursor: page.nextCursor };
}
