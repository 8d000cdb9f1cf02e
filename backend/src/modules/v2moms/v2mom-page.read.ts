import type { EntityManager } from '@mikro-orm/core';
import { levelsAbove, searchWords, type TV2momFilter, type TV2momPage, type TV2momPageQuery, type TV2momSort } from '@v2mom/contracts';
import { expressionBuilder, sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { inKeysetPart, keysetPage, textSortKey } from '../../db/keyset.js';
import { holdsWord, searchText } from '../../db/search.js';
import { selectRows, type ReadDb } from '../read-db.js';
import { readV2moms } from './v2mom.read.js';
import { visibleTo, type Viewer } from './v2mom-visibility.js';

/**
 * A page of V2MOMs as GET /api/v2moms asks for it (contracts' v2moms/v2mom-page.ts holds the
 * rules: which rows a query holds, what each sorts by). Two steps: the page's ids, filtered,
 * sorted and cut in PostgreSQL over the owner and department a search and an order look at; then
 * those V2MOMs in their list shape (`readV2moms`, one statement whatever the page's size).
 */

/** The V2MOMs with the owner and department a search, a filter and an order look at. */
const pageRows = (db: Kysely<ReadDb>) =>
  db.selectFrom('v2mom as v').innerJoin('user as o', 'o.id', 'v.owner_id').innerJoin('department as d', 'd.id', 'o.department_id').select('v.id');

type PageTables = ReadDb & { v: ReadDb['v2mom']; o: ReadDb['user']; d: ReadDb['department'] };
type Builder = ExpressionBuilder<PageTables, 'v' | 'o' | 'd'>;

/** What a V2MOM sorts by in `sort`, as contracts' `v2momSortKey` says. */
function sortKey(eb: Builder, sort: TV2momSort) {
  switch (sort) {
    case 'title':
      return textSortKey(eb.ref('v.title'));
    case 'owner':
      return textSortKey(eb.ref('o.name'));
    case 'year':
      return eb.ref('v.year');
    case 'progress':
      return eb.ref('v.overall_progress');
    case 'updated':
      // eslint-disable-next-line local/no-raw-sql -- epoch milliseconds have no typed form in Kysely
      return sql<number>`floor(extract(epoch from ${eb.ref('v.updated_at')}) * 1000)::float8`;
  }
}

/** The V2MOMs `filter` holds (contracts' `v2momMatches`), one `v.id` each. */
function filteredV2moms(db: Kysely<ReadDb>, filter: TV2momFilter, viewer: Viewer) {
  let rows = pageRows(db).where(visibleTo(viewer));
  if (filter.ownerId !== undefined) rows = rows.where('v.owner_id', '=', filter.ownerId);
  if (filter.department !== undefined) rows = rows.where('d.name', '=', filter.department);
  if (filter.status !== undefined) rows = rows.where('v.status', '=', filter.status);
  if (filter.year !== undefined) rows = rows.where('v.year', '=', filter.year);
  if (filter.levelAbove !== undefined) rows = rows.where('v.level', 'in', levelsAbove(filter.levelAbove));
  // contracts' `v2momSearchText`: title, owner name and department.
  for (const word of searchWords(filter.q)) {
    rows = rows.where((where) => holdsWord(searchText([where.ref('v.title'), where.ref('o.name'), where.ref('d.name')]), word));
  }
  return rows;
}

/** The page of V2MOMs `query` asks for, in its order. */
export async function readV2momPage(em: EntityManager, query: TV2momPageQuery, viewer: Viewer): Promise<TV2momPage> {
  const eb = expressionBuilder<PageTables, 'v' | 'o' | 'd'>();
  const order = { key: sortKey(eb, query.sort), id: eb.ref('v.id'), dir: query.dir };
  const page = await keysetPage({ limit: query.limit, after: query.cursor }, (part) => selectRows(em, (db) => inKeysetPart(filteredV2moms(db, query, viewer), order, part)));
  const v2moms = new Map((await readV2moms(em, { ids: page.rows.map((row) => row.id) })).map((v2mom) => [v2mom.id, v2mom]));
  return { rows: page.rows.flatMap((row) => v2moms.get(row.id) ?? []), nextCursor: page.nextCursor };
}
